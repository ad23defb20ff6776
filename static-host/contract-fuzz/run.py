#!/usr/bin/env python3
"""Fuzzes the embedded API from its own contract: schemathesis generates requests from
/api/openapi.json and checks every answer against it (no 5xx, documented statuses,
content types, headers and schemas, bad input refused, auth enforced).

The server is the real static-host binary on a loopback port with a fresh data
directory. A customer is signed in through the real one-time-code flow (codes read
from the file outbox), so the authenticated operations are fuzzed with a real token.
Afterwards the server must still be running (no crash) and stop cleanly on SIGTERM.
The run fails when schemathesis's "schema validation mismatch" warning lists an
operation: its valid data was all refused, so the document understates the rules.

Two schemathesis runs share the server: first the examples, coverage and fuzzing
phases (every operation on its own, the customer's records pinned as real ids), then
the stateful phase as a shopper: the same token plus `district-id: 1` (Zamalek, where
the config's point lies), chaining calls through the document's OpenAPI links (saved
address -> checkout -> cancel, product -> cart -> update/remove/checkout, ...) with
the ids the answers hold, so nothing is pinned there. At the end it prints the cases
run and the links the stateful phase covered.

`--deep` (or FUZZ_DEEP=1, `FUZZ_DEEP=1 ./dev fuzz-api`) raises the budget to more than
50,000 cases: DEEP_EXAMPLES per operation, DEEP_SCENARIOS stateful scenarios of up to
DEEP_STEPS calls.

Usage: run.py [--bin target/debug/static-host] [--max-examples N] [--seed S] [--deep]
              [-- st args]
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ST = ROOT / ".tools" / "venv" / "bin" / "st"
CONFIG = Path(__file__).resolve().parent / "schemathesis.toml"
# Per-IP, per-number and per-customer limits would turn the fuzzer's bursts into 429s.
UNLIMITED = {
    f"STOREFRONT_LIMIT_{name}": "off"
    for name in (
        "CODE_REQUESTS_PER_IP",
        "CODE_CHECKS_PER_IP",
        "CODE_CHECKS_PER_TARGET",
        "SIGN_IN_PER_IP",
        "SEARCH_PER_IP",
        "WRITES_PER_IP",
        "REVIEW_WRITES_PER_CUSTOMER",
        "CARD_SAVES_PER_CUSTOMER",
    )
}
# Logging out (here or everywhere) would revoke the token the other operations are
# fuzzed with; the Rust suites cover them (tests/api_auth.rs, tests/api_fuzz.rs,
# tests/account_abuse.rs).
EXCLUDED_PATHS = ["/user/logout", "/user/logout-all", "/user/delete-account"]
# The deep mode's budget (FUZZ_DEEP=1): about 55,000 cases in all (see README).
DEEP_EXAMPLES = 600
DEEP_SCENARIOS = 1000
DEEP_STEPS = 12
# Hypothesis ends a stateful suite on its own after a few hundred scenarios; in deep
# mode schemathesis repeats suites (new seeds) until this many seconds are spent.
DEEP_STATEFUL_SECONDS = 300
# The stateful phase's district: Zamalek, the district of the config's point.
DISTRICT = "1"


def start_server(binary: Path, data: Path, outbox: Path):
    env = dict(os.environ, RUST_LOG="warn", **UNLIMITED)
    process = subprocess.Popen(
        [
            str(binary),
            "--addr", "127.0.0.1:0",
            "--data-dir", str(data),
            "--ui-dir", str(data / "no-ui"),
            "--code-sender", f"file:{outbox}",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    log: list[str] = []
    found = threading.Event()
    base: list[str] = []

    def read():
        for line in process.stdout:
            log.append(line.rstrip("\n"))
            if line.startswith("Storefront running at "):
                base.append(line.split(" at ", 1)[1].strip().rstrip("/"))
                found.set()

    threading.Thread(target=read, daemon=True).start()
    if not found.wait(60):
        process.kill()
        sys.exit("static-host did not start:\n" + "\n".join(log))
    return process, base[0], log


def call(base: str, method: str, path: str, body=None, token=None, content_type="application/json"):
    """(status, parsed JSON answer) of one call."""
    headers = {"Content-Type": content_type} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = body if isinstance(body, bytes) else None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def post(base: str, path: str, body: dict) -> dict:
    status, answer = call(base, "POST", path, body)
    if status >= 300:
        sys.exit(f"POST {path}: {status} {answer}")
    return answer


def sign_in(base: str, outbox: Path) -> str:
    """A new customer through the real code flow; returns the bearer token."""
    mobile = "01001230999"
    sent = post(base, "/api/user/login-by-otp", {"mobile": mobile, "channel": "sms"})
    e164 = sent["data"]["mobile"]
    codes = [json.loads(line) for line in outbox.read_text().splitlines()]
    code = next(c["code"] for c in reversed(codes) if c["to"] == e164 and "code" in c)
    post(base, "/api/user/verify-login-by-otp", {"mobile": mobile, "channel": "sms", "code": code})
    registered = post(
        base,
        "/api/user/register-by-otp",
        {"name": "Fuzz Customer", "email": "fuzz@example.com", "acceptTerms": True,
         "user_register": "user", "mobile": mobile, "code": code},
    )
    return registered["data"]["token"]


PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000d49444154789c6360000002000005000157a4e0b00000000049454e44ae426082"
)


def customer_data(base: str, token: str) -> dict:
    """Real records of the signed-in customer (an address, a placed order, a cart
    line, a notification, an upload), so the operations on one record reach their
    logic instead of answering 404 to random ids."""
    status, address = call(base, "POST", "/api/addresses", {
        "name": "Home", "contact_name": "Fuzz Customer", "phone": "01001230999",
        "address_details": "12 26th of July Street", "type": "home",
        "location": {"latitude": 30.0626, "longitude": 31.2197},
    }, token)
    if status != 201:
        sys.exit(f"cannot save an address: {status} {address}")
    address_id = address["data"]["id"]
    _, page = call(base, "GET", "/api/products?service_id=1&page=1&limit=50", token=token)
    order_id = None
    for product in page["data"]:
        cart = {"product_id": product["id"], "qty": product["min_qty"], "service_id": 1, "empty_cart": True}
        if call(base, "POST", "/api/order/add-to-cart", cart, token)[0] != 200:
            continue
        status, order = call(base, "POST", "/api/order/checkout", {
            "service_id": 1, "address_id": address_id, "payment_method": "cash"}, token)
        if status == 201:
            order_id = order["data"]["id"]
            break
    if order_id is None:
        sys.exit("cannot place an order for the fuzzing customer")
    # More pending orders, for POST /orders/{id}/cancel: each can be cancelled once.
    cancellable = []
    for _ in range(4):
        call(base, "POST", "/api/order/add-to-cart", cart, token)
        status, order = call(base, "POST", "/api/order/checkout", {
            "service_id": 1, "address_id": address_id, "payment_method": "cash"}, token)
        if status != 201:
            sys.exit(f"cannot place an order to cancel: {status} {order}")
        cancellable.append(order["data"]["id"])
    # A line left in the cart, for the cart operations.
    status, line = call(base, "POST", "/api/order/add-to-cart", cart, token)
    if status != 200:
        sys.exit(f"cannot fill the cart: {status} {line}")
    # Products that can go in that cart (same shop, in stock): add-to-cart's real ids.
    shop = line["data"]["branch_id"] if "branch_id" in line["data"] else None
    products = [p["id"] for p in page["data"]
                if p["stock_status"] == "in_stock" and (shop is None or p["branch"]["id"] == shop)]
    # A second line, so the cart keeps one when DELETE /orders/item/{id} removes the
    # pinned one: update-cart and add_coupon need a cart that is not empty.
    kept = None
    for product_id in products:
        if product_id == cart["product_id"]:
            continue
        status, other = call(base, "POST", "/api/order/add-to-cart",
                             {"product_id": product_id, "service_id": 1}, token)
        if status == 200:
            kept = other["data"]
            break
    if kept is None:
        sys.exit("cannot put a second line in the cart")
    # A line in the cart of another service (2), which no other record above shows:
    # add_coupon and update-cart work on it, so the lines that schemathesis deletes
    # (it reuses the ids it sees in answers) leave it alone.
    _, page2 = call(base, "GET", "/api/products?service_id=2&page=1&limit=50", token=token)
    second = None
    for product in page2["data"]:
        if product["stock_status"] != "in_stock":
            continue
        status, added = call(base, "POST", "/api/order/add-to-cart",
                             {"product_id": product["id"], "service_id": 2, "empty_cart": True}, token)
        if status == 200:
            second = added["data"]
            break
    if second is None:
        sys.exit("cannot fill the cart of service 2")
    # Addresses that are not the default, for DELETE /addresses/{id} (the default one
    # cannot be deleted); each can be deleted once.
    spare = []
    for n in range(8):
        status, extra = call(base, "POST", "/api/addresses", {
            "name": f"Spare {n}", "contact_name": "Fuzz Customer", "phone": "01001230999",
            "address_details": f"{n + 1} Shagaret El Dor Street", "type": "other",
            "location": {"latitude": 30.0626, "longitude": 31.2197},
        }, token)
        if status != 201:
            sys.exit(f"cannot save a spare address: {status} {extra}")
        spare.append(extra["data"]["id"])
    # Saved cards: one to make the default, and spares for DELETE /cards/{id} (each can
    # be deleted once). Five in all, so the fuzzed saves find room under the limit of 10.
    saved_cards = []
    for _ in range(5):
        status, saved = call(base, "POST", "/api/cards", {
            "number": "4242424242424242", "exp_month": 12, "exp_year": "39", "cvv": "123",
            "name": "Fuzz Customer"}, token)
        if status != 201:
            sys.exit(f"cannot save a card: {status} {saved}")
        saved_cards.append(saved["data"]["id"])
    _, notes = call(base, "GET", "/api/notifications", token=token)
    boundary = "fuzzboundary"
    form = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n"
            f"Content-Type: image/png\r\n\r\n").encode() + PNG + f"\r\n--{boundary}--\r\n".encode()
    status, upload = call(base, "POST", "/api/upload-file/upload", form, token,
                          f"multipart/form-data; boundary={boundary}")
    if status != 200:
        sys.exit(f"cannot upload: {status} {upload}")
    return {
        "address": address_id,
        "order": order_id,
        "cart_item": line["data"]["id"],
        "notification": notes["data"][0]["id"],
        "upload": upload["data"]["path"].rsplit("/", 1)[1],
        "spare_addresses": spare,
        "cancellable": cancellable,
        "products": products,
        "kept_line": kept,
        "second_line": second,
        "card": saved_cards[0],
        "spare_cards": saved_cards[1:],
    }


def config_with(records: dict, directory: Path, stateful: bool = False, max_steps: int | None = None) -> Path:
    """The checked-in settings plus the ids of the customer's records. For the
    stateful run (`stateful`), the record ids are not pinned: the links give the ids
    the earlier calls of a scenario created, and the pins would override them."""
    pinned = {
        "/addresses/{id}": {"path.id": records["address"]},
        "/addresses/{id}/default": {"path.id": records["address"]},
        "/orders/{id}": {"path.id": records["order"]},
        "/orders/{id}/return": {"path.id": records["order"]},
        "/orders/item/{id}": {"path.id": records["cart_item"]},
        "/notifications/{id}/read": {"path.id": records["notification"]},
        "/media/uploads/{file}": {"path.file": records["upload"]},
        "/get_card": {"query.service_id": 1},
        "/cards/{id}/default": {"path.id": records["card"]},
    }
    text = CONFIG.read_text()
    # Dictionaries of the customer's records, each used for some of the generated
    # values (the rest stay schema-derived).
    text += f"""
[dictionaries.spare_addresses]
values = {json.dumps(records["spare_addresses"])}

[dictionaries.cart_products]
values = {json.dumps(records["products"])}

[dictionaries.cart_keys]
values = {json.dumps([records["second_line"]["key"]])}

[dictionaries.cart_quantities]
values = {json.dumps([records["second_line"]["qty"]])}

[dictionaries.cart_line_products]
values = {json.dumps([records["second_line"]["product_id"]])}

[dictionaries.cancellable_orders]
values = {json.dumps(records["cancellable"])}

[dictionaries.second_service]
values = [2]

[dictionaries.addresses]
values = {json.dumps([records["address"]])}

[dictionaries.spare_cards]
values = {json.dumps(records["spare_cards"])}
"""
    chosen = {
        ("DELETE", "/addresses/{id}"): {"path.id": {"dictionary": "spare_addresses"}},
        ("DELETE", "/cards/{id}"): {"path.id": {"dictionary": "spare_cards"}},
        ("POST", "/order/add-to-cart"): {"body.product_id": {"dictionary": "cart_products", "probability": 0.5}},
        ("POST", "/order/update-cart"): {
            "body.key": {"dictionary": "cart_keys"},
            "body.qty": {"dictionary": "cart_quantities", "probability": 0.5},
            "body.product_id": {"dictionary": "cart_line_products", "probability": 0.5},
        },
        ("POST", "/order/checkout"): {"body.address_id": {"dictionary": "addresses"}},
        ("POST", "/add_coupon"): {"body.service_id": {"dictionary": "second_service"}},
        ("POST", "/orders/{id}/cancel"): {"path.id": {"dictionary": "cancellable_orders"}},
    }
    if stateful:
        # The body fields stay (the links' values replace them when a link is followed);
        # path ids and the pinned query come from the links.
        chosen = {key: {name: value for name, value in parameters.items() if name.startswith("body.")}
                  for key, parameters in chosen.items()}
        chosen = {key: parameters for key, parameters in chosen.items() if parameters}
        pinned = {}
        if max_steps:
            text += f"\n[phases.stateful]\nmax-steps = {max_steps}\n"
    for (method, path), parameters in chosen.items():
        values = ", ".join(
            f"{json.dumps(k)} = {{ " + ", ".join(f"{a} = {json.dumps(b)}" for a, b in v.items()) + " }"
            for k, v in parameters.items()
        )
        # Only the records above, not the ids seen in answers: those orders may be
        # cancelled already, and those addresses include the default one, which the
        # other operations use (and which cannot be deleted).
        once = path in ("/orders/{id}/cancel", "/addresses/{id}", "/cards/{id}") and method in ("POST", "DELETE")
        sources = "".join(f"\nphases.{phase}.extra-data-sources.responses = false"
                          for phase in ("examples", "coverage", "fuzzing")) if once else ""
        text += (f"\n[[operations]]\ninclude-path = {json.dumps(path)}\ninclude-method = {json.dumps(method)}{sources}\n"
                 f"parameters = {{ {values} }}\n")
    for path, parameters in pinned.items():
        values = ", ".join(f"{json.dumps(k)} = {json.dumps(v)}" for k, v in parameters.items())
        # DELETE /addresses/{id} takes the spare addresses above instead.
        methods = '\nexclude-method = "DELETE"' if path == "/addresses/{id}" else ""
        if path == "/orders/item/{id}":
            # Only the pinned line: not the ids seen in answers (the other carts' lines).
            methods += "".join(f"\nphases.{phase}.extra-data-sources.responses = false"
                               for phase in ("examples", "coverage", "fuzzing"))
        text += f"\n[[operations]]\ninclude-path = {json.dumps(path)}{methods}\nparameters = {{ {values} }}\n"
    config = directory / ("schemathesis-stateful.toml" if stateful else "schemathesis.toml")
    config.write_text(text)
    return config


def run_and_echo(command: list[str], cwd: Path) -> tuple[int, list[str]]:
    """Runs `command`, printing its output as it comes; returns its status and lines."""
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    for line in process.stdout:
        print(line, end="", flush=True)
        lines.append(line.rstrip("\n"))
    return process.wait(), lines


def validation_mismatches(output: list[str]) -> list[str]:
    """The operations schemathesis's "Schema validation mismatch" warning lists: each
    got only 400/422 for the data it generated as valid, so the document states fewer
    rules than the handler enforces."""
    operations: list[str] = []
    inside = False
    for line in output:
        if line.startswith("Schema validation mismatch"):
            inside = True
        elif inside and line.startswith("  - "):
            operations.append(line[4:].strip())
        elif inside and line.strip() and not line.startswith(" "):
            inside = False
    if not operations and any(line.startswith("Schema validation mismatch") for line in output):
        operations.append("(the warning was printed; see above)")
    return operations


def cases_run(output: list[str]) -> int:
    """The "Test cases: N generated, ..." figure of schemathesis's summary."""
    for index, line in enumerate(output):
        if line.strip() == "Test cases:" and index + 1 < len(output):
            match = re.match(r"\s*(\d+) generated", output[index + 1])
            if match:
                return int(match.group(1))
    return 0


def links_covered(output: list[str]) -> tuple[int, int, int, int] | None:
    """(covered, selected, total, inferred) of the stateful phase's "API Links" line."""
    for line in output:
        match = re.search(r"API Links:\s+(\d+) covered / (\d+) selected / (\d+) total(?: \((\d+) inferred\))?", line)
        if match:
            covered, selected, total, inferred = match.groups()
            return int(covered), int(selected), int(total), int(inferred or 0)
    return None


def declared_links(base: str) -> int:
    """The number of OpenAPI links the served document declares."""
    _, doc = call(base, "GET", "/api/openapi.json")
    return sum(len(response.get("links", {}))
               for item in doc["paths"].values() for operation in item.values()
               if isinstance(operation, dict)
               for response in operation.get("responses", {}).values())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / "target" / "debug" / "static-host"))
    parser.add_argument("--max-examples", type=int, default=25)
    parser.add_argument("--seed", type=int, default=20251124)
    parser.add_argument("--workers", default="2")
    parser.add_argument("--deep", action="store_true", default=os.environ.get("FUZZ_DEEP", "") not in ("", "0"),
                        help="the deep budget (also FUZZ_DEEP=1): >50,000 cases")
    parser.add_argument("--stateful-only", action="store_true",
                        help="only the stateful run (to try links quickly)")
    parser.add_argument("--scenarios", type=int, help="stateful scenarios (default: --max-examples)")
    parser.add_argument("--max-steps", type=int, help="calls in a stateful scenario at most")
    parser.add_argument("st_args", nargs="*")
    args = parser.parse_args()
    if not ST.exists():
        sys.exit(f"{ST} is missing: run ./dev (it installs schemathesis)")

    with tempfile.TemporaryDirectory(prefix="storefront-fuzz-") as tmp:
        data, outbox = Path(tmp) / "data", Path(tmp) / "outbox.jsonl"
        server, base, log = start_server(Path(args.bin), data, outbox)
        try:
            token = sign_in(base, outbox)
            records = customer_data(base, token)
            examples, scenarios, steps = args.max_examples, args.max_examples, None
            if args.deep:
                examples = max(examples, DEEP_EXAMPLES)
                scenarios, steps = max(scenarios, DEEP_SCENARIOS), DEEP_STEPS
            scenarios, steps = args.scenarios or scenarios, args.max_steps or steps
            common = [
                "--url", f"{base}/api",
                "--header", f"Authorization: Bearer {token}",
                "--checks", "all",
                "--seed", str(args.seed),
                "--workers", args.workers,
                "--request-timeout", "30",
                "--report", "junit",
                "--report-dir", str(ROOT / "target" / "schemathesis"),
            ]
            for path in EXCLUDED_PATHS:
                common += ["--exclude-path", path]
            runs = [
                # Every operation on its own: examples, coverage (edge cases), fuzzing.
                ("operations", config_with(records, Path(tmp)),
                 ["--phases", "examples,coverage,fuzzing", "--max-examples", str(examples)]),
                # Chains of calls through the links, as a shopper in a delivery district.
                ("stateful", config_with(records, Path(tmp), stateful=True, max_steps=steps),
                 ["--phases", "stateful", "--max-examples", str(scenarios),
                  "--header", f"district-id: {DISTRICT}"]
                 + (["--max-time", str(DEEP_STATEFUL_SECONDS)] if args.deep else [])),
            ]
            if args.stateful_only:
                runs = runs[1:]
            started = time.monotonic()
            status, cases, output = 0, {}, []
            for name, config, extra in runs:
                command = [str(ST), "--config-file", str(config), "run", f"{base}/api/openapi.json",
                           *common, *extra, *args.st_args]
                # Run inside target/: schemathesis keeps a cache directory where it runs.
                run_status, run_output = run_and_echo(command, cwd=ROOT / "target")
                print(f"schemathesis ({name}) finished with status {run_status}")
                status = status or run_status
                cases[name] = cases_run(run_output)
                output += run_output
                if server.poll() is not None:
                    break
            elapsed = time.monotonic() - started
            links = links_covered(output)
            print(f"schemathesis finished in {elapsed:.0f} s with status {status}"
                  f"{' (deep mode)' if args.deep else ''}, seed {args.seed}")
            total = sum(cases.values())
            print(f"Cases run: {total} ({cases.get('operations', 0)} operation by operation, "
                  f"{cases.get('stateful', 0)} in stateful scenarios), {total / max(elapsed, 1):.0f} a second")
            if links:
                covered, selected, all_links, inferred = links
                print(f"Links covered: {covered} of {all_links} ({100 * covered / max(all_links, 1):.0f} %; "
                      f"{declared_links(base)} declared in the document, {inferred} inferred by schemathesis; "
                      f"{selected} selected)")
            else:
                print("Links covered: the stateful phase printed no link statistics")
            mismatched = validation_mismatches(output)
            if mismatched:
                print(
                    "The contract understates validation: schemathesis's valid data was refused "
                    "(400/422) for every case of these operations. State the handler's rules in "
                    "the OpenAPI document (or, for data no schema can state, give real values in "
                    "contract-fuzz/schemathesis.toml):\n  " + "\n  ".join(mismatched)
                )
                status = status or 1
            if server.poll() is not None:
                print("static-host crashed during the run:\n" + "\n".join(log[-50:]))
                return 1
        finally:
            if server.poll() is None:
                server.send_signal(signal.SIGTERM)
                try:
                    server.wait(30)
                except subprocess.TimeoutExpired:
                    server.kill()
                    print("static-host did not stop on SIGTERM")
                    return 1
        if server.returncode != 0:
            print(f"static-host exited with {server.returncode}:\n" + "\n".join(log[-50:]))
            return 1
        panics = [line for line in log if "panicked" in line]
        if panics:
            print("static-host panicked:\n" + "\n".join(panics))
            return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
