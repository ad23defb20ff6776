"""Shoppers for the soak (`./dev soak`, run by soak/run.py): each one signs in by phone
with the code the server wrote to its `file:` sender, keeps a district, browses and
searches in English and Arabic, fills a cart (quantities, coupons), checks out by cash,
card or wallet plus card, lists its orders, cancels some and asks for returns of the
delivered ones (the operator command delivers them, in run.py).

Every step is reported to Locust under its own name, once, with its final outcome: a
5xx, a timeout or a 4xx the step did not expect is a failure. Faults are announced by
run.py in a JSON file (SOAK_FAULTS), so that what a fault causes is expected only while
it lasts:

- the server killed and restarted: refused connections are retried (checkouts with
  their idempotency key) until it answers again;
- the disk's free-space floor crossed: a write gets 503 with the server's message in
  the shopper's language, a read goes on;
- the payment gateway stalled: card checkouts use the test card whose gateway calls
  take 10 s, reported apart ("checkout: card, gateway stalled"), while the other
  shoppers' writes are timed as usual.

At the end the shoppers' record (acknowledged orders, expected refusals, retries) is
written to SOAK_RECORD for run.py to check against the database.
"""

import json
import os
import random
import re
import time
import uuid
from pathlib import Path

import requests
from locust import User, between, events, task

OUTBOX = Path(os.environ["SOAK_OUTBOX"])
FAULTS = Path(os.environ["SOAK_FAULTS"])
RECORD = Path(os.environ["SOAK_RECORD"])
# Sign-in numbers of this run: 0100 then seven digits, one per shopper.
FIRST_NUMBER = int(os.environ.get("SOAK_FIRST_NUMBER", "1000000"))

# Test cards of the embedded API's gateway (orders/payment.rs).
CARD_APPROVED = "4242424242424242"
CARD_STALLING = "4000000000000077"
COUPONS = ["WELCOME10", "SAVE20", "BIG50"]
SEARCHES = {
    "en": ["milk", "chicken", "rice", "cheese", "juice", "bread", "coffee", "pizza", "vitamin"],
    "ar": ["حليب", "دجاج", "أرز", "جبن", "عصير", "خبز", "قهوة", "بيتزا", "فيتامين"],
}
# The refusals a step may meet because of other shoppers or the operator (stock taken,
# a coupon's limits, an order moved on), by the server's message in either language
# (core/src/messages, static-host/src/i18n/orders.rs). Any other 4xx is a failure.
REFUSALS = {
    "stock": [
        r"There is not enough stock available\.",
        r"لا يتوفر مخزون كافٍ\.",
        r"This item is unavailable",
        r"هذا المنتج غير متوفر",
    ],
    "quantity": [r"Max Quantity Reached", r"تم الوصول إلى الحد الأقصى للكمية"],
    "coupon": [
        r"This coupon needs an order of at least .+ EGP\.",
        r"يتطلب هذا الكوبون طلبًا بقيمة .+ جنيه على الأقل\.",
        r"You have already used this coupon\.",
        r"لقد استخدمت هذا الكوبون من قبل\.",
        r"This coupon has reached its usage limit\.",
        r"وصل هذا الكوبون إلى الحد الأقصى لعدد مرات الاستخدام\.",
    ],
    "cancel": [r"This order can no longer be cancelled\.", r"لم يعد من الممكن إلغاء هذا الطلب\."],
}
RETURN_REASONS = ["damaged", "wrong_item", "not_as_described", "changed_mind"]
# The server's answers for a write while the disk is short of space (i18n/mod.rs,
# `Msg::WritesPaused`).
DISK_FLOOR_MESSAGES = {
    "en": "Changes are paused for a while: the server is short of storage space. Please try again later.",
    "ar": "حفظ التغييرات متوقف مؤقتًا لنقص مساحة التخزين على الخادم. يرجى المحاولة لاحقًا.",
}
# How long after a fault's end what it causes is still expected: the server reads the
# disk's free space at most once a second; a restarted server needs its start.
GRACE_S = 3.0
RETRY_FOR_S = 45.0
TIMEOUT_S = 30.0


class Record:
    """What the shoppers did that run.py checks afterwards (one Locust process)."""

    def __init__(self):
        self.orders = {}  # idempotency key -> acknowledged order id
        self.refused_disk = 0
        self.reads_during_disk = 0
        self.writes_during_stall = []  # (step, ms) of writes finished while stalled
        self.stalled_checkouts = 0
        self.retried = {}  # step -> attempts retried after a refused connection
        self.unexpected = []  # a few examples, for the report

    def dump(self):
        RECORD.write_text(
            json.dumps(
                {
                    "orders": self.orders,
                    "refused_disk": self.refused_disk,
                    "reads_during_disk": self.reads_during_disk,
                    "writes_during_stall": self.writes_during_stall,
                    "stalled_checkouts": self.stalled_checkouts,
                    "retried": self.retried,
                    "unexpected": self.unexpected[:20],
                },
                ensure_ascii=False,
            )
        )


class Codes:
    """The one-time codes the server wrote to the file sender, by number."""

    def __init__(self):
        self.offset = 0
        self.latest = {}
        self.partial = b""

    def read(self):
        try:
            with OUTBOX.open("rb") as f:
                f.seek(self.offset)
                chunk = f.read()
        except FileNotFoundError:
            return
        self.offset += len(chunk)
        lines = (self.partial + chunk).split(b"\n")
        self.partial = lines.pop()
        for line in lines:
            if line.strip():
                sent = json.loads(line)
                self.latest[sent["to"]] = sent["code"]

    def wait_for(self, to, previous):
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            self.read()
            code = self.latest.get(to)
            if code is not None and code != previous:
                return code
            time.sleep(0.1)
        return None


RUN = {"record": Record(), "codes": Codes(), "next_number": FIRST_NUMBER}


@events.quitting.add_listener
def _write_record(environment, **_):
    RUN["record"].dump()


def faults():
    try:
        return json.loads(FAULTS.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return []


def fault_on(kind, at=None):
    """Whether a fault of this kind lasts at `at` (or ended less than GRACE_S before)."""
    at = time.time() if at is None else at
    for fault in faults():
        if fault["kind"] != kind or fault["start"] > at:
            continue
        if fault.get("end") is None or at <= fault["end"] + GRACE_S:
            return True
    return False


class Outcome(Exception):
    """A step's final outcome was a failure (reported as such)."""


class Shopper(User):
    wait_time = between(1, 4)

    def on_start(self):
        self.http = requests.Session()
        self.http.headers["Accept"] = "application/json"
        self.language = random.choice(["en", "ar"])
        self.token = None
        self.district_id = None
        self.orders = {}  # id -> last known status
        self.address_id = None
        self.branch_id = None
        self.minimum = 0.0
        self.service_id = None
        self.cart_lines = {}  # product id -> qty
        RUN["next_number"] += 1
        self.mobile = f"0100{RUN['next_number']:07d}"
        districts = self.step("GET", "/map/districts", "browse: districts").json()["features"]
        district = random.choice(districts)
        ring = district["geometry"]["coordinates"][0][:-1]
        self.district_id = district["id"]
        # The vertices' average: inside these convex-enough districts.
        self.point = {
            "latitude": round(sum(p[1] for p in ring) / len(ring), 6),
            "longitude": round(sum(p[0] for p in ring) / len(ring), 6),
        }
        self.sign_in()
        services = self.step("GET", "/services", "browse: services").json()["data"]
        self.service_id = random.choice(services)["id"]

    # ── one call ──────────────────────────────────────────────────────────────

    def headers(self, language=None):
        headers = {"Language": language or self.language}
        if self.district_id is not None:
            headers["district-id"] = str(self.district_id)
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        return headers

    def step(self, method, path, name, body=None, expect=(200,), refusals=(), language=None, headers=None):
        """One step, reported once under `name`. While the server is being restarted,
        a call it did not answer is retried (a checkout with its idempotency key) until
        it does. Returns the response when its status is expected, else raises Outcome
        after reporting a failure. `refusals` names the kinds of REFUSALS (a 4xx with
        one of their messages) that count as expected; they are reported apart."""
        language = language or self.language
        is_write = method not in ("GET", "HEAD")
        sent_headers = dict(self.headers(language), **(headers or {}))
        began = time.time()
        retried = 0
        # A write cut off by the kill may have been done before the server died: then
        # its retry's refusal (the line already there, the order already cancelled) is
        # the answer to expect.
        maybe_done = False
        while True:
            started = time.perf_counter()
            error = None
            response = None
            try:
                response = self.http.request(
                    method, self.host + "/api" + path, json=body, headers=sent_headers, timeout=TIMEOUT_S
                )
            except requests.ConnectionError as e:
                error = e
            except requests.Timeout as e:
                error = e
            elapsed_ms = (time.perf_counter() - started) * 1000
            if error is not None and isinstance(error, requests.ConnectionError) and not isinstance(error, requests.Timeout):
                if fault_on("restart") and time.time() - began < RETRY_FOR_S:
                    retried += 1
                    maybe_done = maybe_done or (is_write and "refused" not in str(error).lower())
                    time.sleep(0.25)
                    continue
            break
        if retried:
            RUN["record"].retried[name] = RUN["record"].retried.get(name, 0) + retried
        length = len(response.content) if response is not None else 0
        failure = None
        if error is not None:
            failure = f"{type(error).__name__}: {str(error)[:120]}"
        elif response.status_code == 503 and is_write and fault_on("disk", began):
            message = self.message_of(response)
            if message != DISK_FLOOR_MESSAGES[language]:
                failure = f"503 with the wrong message for {language}: {message!r}"
            else:
                RUN["record"].refused_disk += 1
                self.report(method, name + " (refused: disk floor)", elapsed_ms, length, None)
                raise Outcome("refused: disk floor")
        elif response.status_code not in expect and not (maybe_done and 400 <= response.status_code < 500):
            message = self.message_of(response)
            refused = 400 <= response.status_code < 500 and next(
                (kind for kind in refusals if any(re.fullmatch(p, message) for p in REFUSALS[kind])), None
            )
            if not refused:
                failure = f"unexpected {response.status_code}: {message[:160]}"
            else:
                self.report(method, f"{name} (refused: {refused})", elapsed_ms, length, None)
                return response
        if failure is None and not is_write and fault_on("disk", began):
            RUN["record"].reads_during_disk += 1
        if failure is None and is_write and fault_on("stall", began) and "gateway stalled" not in name:
            RUN["record"].writes_during_stall.append((name, round(elapsed_ms)))
        if failure is not None and len(RUN["record"].unexpected) < 50:
            RUN["record"].unexpected.append(f"{method} {path} ({name}): {failure}")
        self.report(method, name, elapsed_ms, length, failure)
        if failure is not None:
            raise Outcome(failure)
        return response

    def report(self, method, name, elapsed_ms, length, failure):
        self.environment.events.request.fire(
            request_type=method,
            name=name,
            response_time=elapsed_ms,
            response_length=length,
            exception=Exception(failure) if failure else None,
            context={},
        )

    @staticmethod
    def message_of(response):
        try:
            return str(response.json().get("message", ""))
        except ValueError:
            return response.text[:200]

    # ── sign-in ───────────────────────────────────────────────────────────────

    def sign_in(self):
        channel = random.choice(["sms", "whatsapp"])
        sent = self.step(
            "POST", "/user/login-by-otp", "sign in: send code", {"mobile": self.mobile, "channel": channel},
        ).json()["data"]
        code = RUN["codes"].wait_for(sent["mobile"], None)
        if code is None:
            self.report("POST", "sign in: code received", 10_000, 0, "no code in the file sender's outbox")
            raise Outcome("no code")
        body = {"mobile": self.mobile, "channel": channel, "code": code}
        verified = self.step("POST", "/user/verify-login-by-otp", "sign in: verify", body).json()["data"]
        self.token = verified.get("token")
        if not self.token:
            registration = {
                "mobile": self.mobile,
                "code": code,
                "name": random.choice(["Mona Adel", "منى عادل", "Karim Samir", "كريم سمير"]),
                "email": f"soak{self.mobile}@example.com",
                "acceptTerms": True,
            }
            self.token = self.step("POST", "/user/register-by-otp", "sign in: register", registration).json()["data"]["token"]

    # ── tasks ─────────────────────────────────────────────────────────────────

    def products(self, name, **query):
        query.setdefault("service_id", self.service_id)
        path = "/products?" + "&".join(f"{k}={v}" for k, v in query.items())
        return self.step("GET", path, name).json()["data"]

    @task(5)
    def browse(self):
        try:
            self.step("GET", f"/categories?service_id={self.service_id}", "browse: categories")
            listed = self.products("browse: products", page=random.randint(1, 3), limit=20)
            for product in random.sample(listed, min(2, len(listed))):
                self.step("GET", f"/products/{product['id']}", "browse: product")
            if random.random() < 0.3:
                self.step("GET", f"/branches?service_id={self.service_id}", "browse: shops")
        except Outcome:
            pass

    @task(2)
    def search(self):
        language = random.choice(["en", "ar"])
        word = random.choice(SEARCHES[language])
        try:
            self.step("GET", f"/products?service_id={self.service_id}&search={requests.utils.quote(word)}", f"search ({language})", language=language)
        except Outcome:
            pass

    @task(4)
    def fill_cart(self):
        try:
            if self.branch_id is None:
                listed = [p for p in self.products("browse: products", limit=20) if p["stock"] > 0]
                if not listed:
                    return
                branch_id = random.choice(listed)["branch"]["id"]
                shop = self.step("GET", f"/branches/{branch_id}", "browse: shop").json()["data"]
                if shop["closed"]:
                    return
                self.branch_id, self.minimum = branch_id, float(shop["minimum"])
            candidates = [p for p in self.products("browse: products", branch_id=self.branch_id, limit=20) if p["stock"] > 2]
            if not candidates:
                return
            product = random.choice(candidates)
            qty = max(1, product["min_qty"])
            added = self.step(
                "POST",
                "/order/add-to-cart",
                "cart: add",
                {"product_id": product["id"], "qty": qty, "service_id": self.service_id},
                refusals=("stock", "quantity"),
            )
            if added.status_code == 200:
                self.cart_lines[product["id"]] = added.json()["data"]["qty"]
            cart = self.step("GET", f"/get_card?service_id={self.service_id}", "cart: read").json()["data"]
            self.cart_lines = {item["product_id"]: item["qty"] for item in cart["items"]}
            if cart["items"] and random.random() < 0.5:
                line = random.choice(cart["items"])
                qty = min(line["qty"] + 1, line["product"]["max_qty"])
                self.step(
                    "POST", "/order/update-cart", "cart: quantity", {"key": line["key"], "qty": qty}, refusals=("stock", "quantity")
                )
            if cart["items"] and cart["coupon_code"] is None and random.random() < 0.3:
                self.step(
                    "POST",
                    "/add_coupon",
                    "cart: coupon",
                    {"coupon_code": random.choice(COUPONS), "service_id": self.service_id},
                    refusals=("coupon",),
                )
            if len(cart["items"]) > 2:
                line = random.choice(cart["items"])
                self.step("DELETE", f"/orders/item/{line['id']}", "cart: remove line")
        except Outcome:
            pass

    def ensure_address(self):
        if self.address_id is None:
            body = {
                "name": "Home",
                "contact_name": "Soak Shopper",
                "phone": self.mobile,
                "address_details": "12 26th of July Street",
                "location": self.point,
            }
            self.address_id = self.step("POST", "/addresses", "address: add", body, expect=(201,)).json()["data"]["id"]

    @task(2)
    def check_out(self):
        if not self.cart_lines:
            return
        try:
            # As the app does: below the shop's minimum the cart says so, and the shopper
            # adds more (fill_cart) instead of checking out.
            cart = self.step("GET", f"/get_card?service_id={self.service_id}", "cart: read").json()["data"]
            if not cart["items"] or float(cart["price"]) < self.minimum:
                return
            self.ensure_address()
            method = random.choices(["cash", "card", "wallet + card"], weights=[5, 3, 2])[0]
            if method == "wallet + card":
                # The app offers the wallet only with a balance (refunds of returns and
                # card cancellations fill it); without one the shopper pays by card.
                balance = self.step("GET", "/wallet", "account: wallet").json()["data"]["balance"]
                if float(balance) <= 0:
                    method = "card"
            body = {"address_id": self.address_id, "service_id": self.service_id, "payment_method": "cash"}
            name = f"checkout: {method}"
            if method != "cash":
                stalled = fault_on("stall")
                number = CARD_STALLING if stalled else CARD_APPROVED
                if stalled:
                    name = "checkout: card, gateway stalled"
                    RUN["record"].stalled_checkouts += 1
                body["payment_method"] = "card"
                body["card"] = {"number": number, "exp_month": "12", "exp_year": "31", "cvv": "123", "name": "Soak Shopper"}
                if method == "wallet + card":
                    body["use_wallet"] = True
            key = str(uuid.uuid4())
            answer = self.step(
                "POST", "/order/checkout", name, body, expect=(200, 201), refusals=("stock", "coupon"), headers={"Idempotency-Key": key}
            )
            if answer.status_code in (200, 201):
                order = answer.json()["data"]
                RUN["record"].orders[key] = order["id"]
                self.orders[order["id"]] = order["status"]
                self.cart_lines = {}
        except Outcome:
            pass

    @task(2)
    def follow_orders(self):
        try:
            tab = random.choice(["current", "completed", "cancellations", "returns"])
            self.step("GET", f"/orders?tab={tab}", "orders: list")
            if not self.orders:
                return
            order_id = random.choice(list(self.orders))
            order = self.step("GET", f"/orders/{order_id}", "orders: detail").json()["data"]
            self.orders[order_id] = order["status"]
            if order["can_cancel"] and random.random() < 0.3:
                self.step("POST", f"/orders/{order_id}/cancel", "orders: cancel", {}, refusals=("cancel",))
            elif order["can_return"] and order["return"] is None and random.random() < 0.5:
                self.ensure_address()
                line = random.choice(order["items"])
                body = {
                    "items": [{"id": line["id"], "quantity": 1, "reason": random.choice(RETURN_REASONS)}],
                    "refund_method": random.choice(["wallet", "original_payment"]),
                    "pickup_address_id": self.address_id,
                    "date": time.strftime("%Y-%m-%d", time.gmtime(time.time() + 2 * 86400)),
                    "time": "10:30",
                }
                self.step("POST", f"/orders/{order_id}/return", "orders: return", body, expect=(200, 201))
        except Outcome:
            pass

    @task(1)
    def account(self):
        try:
            self.step("GET", "/wallet", "account: wallet")
            self.step("GET", "/loyalty-points", "account: points")
            self.step("GET", "/notifications", "account: notifications")
        except Outcome:
            pass
