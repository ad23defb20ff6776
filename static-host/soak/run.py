#!/usr/bin/env python3
"""The shoppers' soak (`./dev soak`): the static-host binary on a fresh data directory,
Locust's shoppers (locustfile.py) against it for SOAK_MINUTES with SOAK_USERS, the
operator command delivering orders in the background, and faults once each:

- kill -9 and restart: no acknowledged order lost or doubled (checked against the
  database: each idempotency key the shoppers were answered has its one order, and no
  order exists that no shopper was answered);
- the payment gateway stalled for 10 s (card checkouts use the stalling test card):
  the other shoppers' writes go on meanwhile;
- the disk's free-space floor crossed (a file allocated in the data directory takes
  the free space below STOREFRONT_LIMIT_MIN_FREE_DISK): writes get 503 with the
  message in the shopper's language, reads go on.

It prints requests per second, p50/p95/p99 per step, failures by kind, and the
server's resident memory, open files and database/WAL size each minute;
`static-host check-db` runs after each fault and at the end. It exits non-zero on any
failure, and with --targets on a missed target (p99 ≤ 250 ms per step, checkout
≤ 500 ms; memory growth < 10 % after the first 2 minutes; open files flat).

Usage: run.py --bin target/release/static-host [--minutes 10] [--users 200]
              [--faults kill,stall,disk] [--targets]
"""

import argparse
import csv
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
LOCUST = ROOT / ".tools" / "soak-venv" / "bin" / "locust"
GiB = 1 << 30
# The disk fault: the floor sits this far below the free space at the start, and the
# file allocated during the fault is this much bigger than that gap.
FLOOR_GAP = 2 * GiB
FILL_BEYOND = 1 * GiB
P99_TARGET_MS = 250
P99_CHECKOUT_MS = 500
SAMPLE_EVERY_S = 10


def say(text):
    print(f"[soak {time.strftime('%H:%M:%S')}] {text}", flush=True)


def free_space(path):
    stat = os.statvfs(path)
    return stat.f_bavail * stat.f_frsize


class Server:
    """The static-host process, restartable on the same port and data directory."""

    def __init__(self, binary, data, port, env):
        self.binary, self.data, self.port, self.env = binary, data, port, env
        self.process = None
        self.starts = []  # time.time() of each start
        self.log = open(data / "server.log", "ab")

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        self.process = subprocess.Popen(
            [str(self.binary), "--addr", f"127.0.0.1:{self.port}", "--data-dir", str(self.data)],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=self.env,
        )
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.process.poll() is not None:
                sys.exit(f"static-host exited at start (code {self.process.returncode}); see {self.data / 'server.log'}")
            try:
                with urllib.request.urlopen(self.base + "/api/health", timeout=2) as answer:
                    if answer.status == 200:
                        self.starts.append(time.time())
                        return
            except OSError:
                time.sleep(0.1)
        sys.exit("static-host did not answer /api/health within 60 s")

    def kill9(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                sys.exit("static-host did not stop within 30 s of SIGTERM")


class Samples:
    """The server's resident memory, open files and database size over time."""

    def __init__(self, server, data):
        self.server, self.data = server, data
        self.rows = []  # (t, pid, rss bytes, fds, db bytes, wal bytes)
        self.stop = threading.Event()

    def sample(self):
        process = self.server.process
        if process is None or process.poll() is not None:
            return
        pid = process.pid
        try:
            status = Path(f"/proc/{pid}/status").read_text()
            rss = int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:"))) * 1024
            fds = len(os.listdir(f"/proc/{pid}/fd"))
        except (FileNotFoundError, ProcessLookupError, StopIteration):
            return
        size = lambda name: (self.data / name).stat().st_size if (self.data / name).exists() else 0
        self.rows.append((time.time(), pid, rss, fds, size("storefront.db"), size("storefront.db-wal")))

    def run(self):
        while not self.stop.wait(SAMPLE_EVERY_S):
            self.sample()


def operator(binary, data, *args, check=True):
    done = subprocess.run([str(binary), "--data-dir", str(data), *args], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise RuntimeError(f"static-host {' '.join(args)} failed: {done.stdout}{done.stderr}")
    return done


def deliverer(binary, data, stop, delivered):
    """The operator moving pending orders older than 15 s on to delivered (most of
    them; a few stay pending, for the shoppers to cancel)."""
    while not stop.wait(3):
        try:
            db = sqlite3.connect(f"file:{data / 'storefront.db'}?mode=ro", uri=True, timeout=5)
            rows = db.execute(
                "SELECT id FROM orders WHERE status = 'pending' AND created_at < ?",
                (int((time.time() - 15) * 1000),),
            ).fetchall()
            db.close()
        except sqlite3.Error:
            continue
        for (order_id,) in rows:
            if order_id in delivered or order_id % 5 == 0:
                continue
            done = operator(binary, data, "order-status", str(order_id), "processing", "shipped", "delivered", check=False)
            # A shopper may have cancelled it meanwhile: the command refuses, nothing moves.
            delivered[order_id] = done.returncode == 0


def check_db(binary, data, settle, label, failures):
    done = operator(binary, data, "check-db", "--settle", settle, check=False)
    if done.returncode == 0:
        say(f"check-db after {label}: every invariant holds")
    else:
        failures.append(f"check-db after {label}: {done.stdout.strip()} {done.stderr.strip()}")
        say(f"check-db after {label}: BROKEN\n{done.stdout}{done.stderr}")


def announce(faults_file, faults, kind, start, end=None):
    faults.append({"kind": kind, "start": start, "end": end})
    faults_file.write_text(json.dumps(faults))


def finish(faults_file, faults, kind):
    for fault in faults:
        if fault["kind"] == kind and fault["end"] is None:
            fault["end"] = time.time()
    faults_file.write_text(json.dumps(faults))


def free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / "target" / "release" / "static-host"))
    parser.add_argument("--minutes", type=float, default=float(os.environ.get("SOAK_MINUTES", "10")))
    parser.add_argument("--users", type=int, default=int(os.environ.get("SOAK_USERS", "200")))
    parser.add_argument("--faults", default="kill,stall,disk")
    parser.add_argument("--targets", action="store_true", help="fail on a missed latency or resource target")
    parser.add_argument("--keep", action="store_true", help="keep the data directory")
    args = parser.parse_args()
    binary = Path(args.bin).resolve()
    wanted = {f for f in args.faults.split(",") if f}
    unknown = wanted - {"kill", "stall", "disk"}
    if unknown:
        sys.exit(f"unknown faults: {', '.join(sorted(unknown))} (kill, stall, disk)")
    if not LOCUST.exists():
        sys.exit(f"Locust is not installed at {LOCUST}: run it through ./dev soak")

    data = Path(tempfile.mkdtemp(prefix="storefront-soak-"))
    free = free_space(data)
    if "disk" in wanted and free < FLOOR_GAP + FILL_BEYOND + GiB:
        sys.exit(f"the disk fault needs {(FLOOR_GAP + FILL_BEYOND + GiB) / GiB:.0f} GiB free in {data}; it has {free / GiB:.1f}")
    floor = free - FLOOR_GAP if "disk" in wanted else 0
    env = dict(
        os.environ,
        RUST_LOG="warn",
        STOREFRONT_UI_DIR=str(data / "no-ui"),
        STOREFRONT_CODE_SENDER=f"file:{data / 'outbox.jsonl'}",
        # Every shopper comes from loopback: the per-IP limits would refuse the crowd
        # (the per-number limits still hold).
        STOREFRONT_LIMIT_EXEMPT_ADDRS="127.0.0.1,::1",
        STOREFRONT_LIMIT_MIN_FREE_DISK=str(floor),
    )
    server = Server(binary, data, free_port(), env)
    server.start()
    say(f"static-host {binary} at {server.base}, data {data}; {args.users} shoppers for {args.minutes:g} min; faults: {', '.join(sorted(wanted)) or 'none'}")

    faults_file, faults = data / "faults.json", []
    faults_file.write_text("[]")
    record_file = data / "record.json"
    duration = max(30, round(args.minutes * 60))
    locust = subprocess.Popen(
        [
            str(LOCUST), "-f", str(HERE / "locustfile.py"), "--headless", "--only-summary",
            "--host", server.base, "-u", str(args.users), "-r", str(max(1, min(20, args.users // 10))),
            "-t", f"{duration}s", "--stop-timeout", "40", "--csv", str(data / "locust"),
            "--loglevel", "WARNING",
        ],
        env=dict(
            os.environ,
            SOAK_OUTBOX=str(data / "outbox.jsonl"),
            SOAK_FAULTS=str(faults_file),
            SOAK_RECORD=str(record_file),
        ),
    )
    failures = []
    samples = Samples(server, data)
    sampler = threading.Thread(target=samples.run, daemon=True)
    sampler.start()
    stop_delivering = threading.Event()
    delivered = {}
    threading.Thread(target=deliverer, args=(binary, data, stop_delivering, delivered), daemon=True).start()

    # Each fault once, spread over the run: kill at 30 %, the stall at 55 %, the disk at 75 %.
    began = time.time()
    plan = sorted((share, kind) for share, kind in [(0.3, "kill"), (0.55, "stall"), (0.75, "disk")] if kind in wanted)
    for share, kind in plan:
        at = began + duration * share
        while time.time() < at and locust.poll() is None:
            time.sleep(0.5)
        if locust.poll() is not None:
            break
        if kind == "kill":
            announce(faults_file, faults, "restart", time.time())
            server.kill9()
            say("fault: static-host killed (SIGKILL); restarting")
            server.start()
            finish(faults_file, faults, "restart")
            say(f"fault: static-host answering again after {time.time() - faults[-1]['start']:.1f} s")
        elif kind == "stall":
            announce(faults_file, faults, "stall", time.time())
            say("fault: the payment gateway stalls for 10 s (card checkouts use the stalling test card)")
            time.sleep(10)
            finish(faults_file, faults, "stall")
        elif kind == "disk":
            fill = data / "disk-filler"
            size = free_space(data) - floor + FILL_BEYOND
            announce(faults_file, faults, "disk", time.time())
            with open(fill, "wb") as f:
                os.posix_fallocate(f.fileno(), 0, size)
            say(f"fault: {size / GiB:.1f} GiB allocated in the data directory: free space below the floor for 20 s")
            time.sleep(20)
            fill.unlink()
            finish(faults_file, faults, "disk")
        time.sleep(15)
        check_db(binary, data, "60s", f"the {kind} fault", failures)

    locust_code = locust.wait()
    stop_delivering.set()
    # The last samples are the shoppers' (the server idles once they stop).
    samples.stop.set()
    # The card charges the last checkouts owe settle, then the ledgers are read.
    time.sleep(5)
    check_db(binary, data, "5s", "the run", failures)
    server_alive = server.process.poll() is None
    server.stop()

    report(data, args, samples, server, failures, record_file, delivered, locust_code, server_alive, wanted)
    if not args.keep:
        import shutil

        shutil.rmtree(data, ignore_errors=True)
    if failures:
        say("FAILED:\n  " + "\n  ".join(failures))
        sys.exit(1)
    say("passed")


def percentile_rows(data):
    rows = list(csv.DictReader((data / "locust_stats.csv").open()))
    return [r for r in rows if r["Name"] != "Aggregated"], next(r for r in rows if r["Name"] == "Aggregated")


def report(data, args, samples, server, failures, record_file, delivered, locust_code, server_alive, wanted):
    if not server_alive:
        failures.append("static-host was not running at the end (it crashed)")
    steps, total = percentile_rows(data)
    print()
    print(f"Requests: {total['Request Count']} in all, {float(total['Requests/s']):.1f} per second; failures {total['Failure Count']}")
    print(f"  {'step':<40} {'count':>7} {'fail':>5} {'p50':>6} {'p95':>6} {'p99':>6} ms")
    missed = []
    for row in sorted(steps, key=lambda r: r["Name"]):
        name = row["Name"]
        p50, p95, p99 = (float(row[k]) for k in ("50%", "95%", "99%"))
        print(f"  {name:<40} {row['Request Count']:>7} {row['Failure Count']:>5} {p50:>6.0f} {p95:>6.0f} {p99:>6.0f}")
        if "gateway stalled" in name or "refused" in name:
            continue
        limit = P99_CHECKOUT_MS if name.startswith("checkout") else P99_TARGET_MS
        if p99 > limit:
            missed.append(f"p99 of {name}: {p99:.0f} ms (target ≤ {limit})")
    failure_rows = list(csv.DictReader((data / "locust_failures.csv").open()))
    if failure_rows:
        print("Failures by kind:")
        for row in failure_rows:
            print(f"  {row['Occurrences']:>5} × {row['Method']} {row['Name']}: {row['Error'][:200]}")
        failures.append(f"{sum(int(r['Occurrences']) for r in failure_rows)} failed steps")
    if locust_code not in (0, 1):
        failures.append(f"Locust exited with {locust_code}")
    # A shopper's code that raised (not a step's failure: a bug or an answer of the
    # wrong shape) is in Locust's exceptions.
    exceptions = list(csv.DictReader((data / "locust_exceptions.csv").open()))
    for row in exceptions:
        print(f"  exception {row['Count']} × {row['Message'][:200]}")
        failures.append(f"shoppers raised: {row['Message'][:200]}")
    if int(total["Request Count"]) == 0:
        failures.append("no request was made")

    record = json.loads(record_file.read_text()) if record_file.exists() else None
    if record is None:
        failures.append("the shoppers wrote no record")
    else:
        orders_check(data, record, failures)
        print(f"Refusals retried through the restart: {record['retried'] or 'none'}")
        if "disk" in wanted:
            print(f"Disk floor: {record['refused_disk']} writes refused (503, the shopper's language), {record['reads_during_disk']} reads answered meanwhile")
            if record["refused_disk"] == 0:
                failures.append("the disk fault refused no write")
            if record["reads_during_disk"] == 0:
                failures.append("no read was answered while the disk was short")
        if "stall" in wanted:
            writes = record["writes_during_stall"]
            slowest = max((ms for _, ms in writes), default=0)
            print(f"Gateway stall: {record['stalled_checkouts']} card checkouts stalled; {len(writes)} other writes done meanwhile (slowest {slowest} ms)")
            if not writes:
                failures.append("no other write finished while the gateway stalled")
    print(f"Orders delivered by the operator command: {sum(1 for ok in delivered.values() if ok)}")

    print("Server, each minute (resident memory, open files, database, WAL):")
    start = samples.rows[0][0] if samples.rows else time.time()
    shown = -1
    for t, pid, rss, fds, db, wal in samples.rows:
        minute = int((t - start) // 60)
        if minute != shown:
            shown = minute
            print(f"  {minute:>3} min  pid {pid:<8} {rss / 2**20:7.1f} MiB  {fds:>5} files  db {db / 2**20:7.1f} MiB  WAL {wal / 2**20:6.1f} MiB")
    last_start = server.starts[-1]
    steady = [row for row in samples.rows if row[0] >= last_start + 120]
    if len(steady) >= 2:
        growth = steady[-1][2] / steady[0][2] - 1
        fds_grew = steady[-1][3] - steady[0][3]
        print(f"Since 2 minutes after the last start: memory {growth * 100:+.1f} % (target < 10 %), open files {fds_grew:+d}")
        if growth >= 0.10:
            missed.append(f"memory grew {growth * 100:.1f} %")
        if steady[-1][3] > steady[0][3] * 1.1 + 10:
            missed.append(f"open files grew from {steady[0][3]} to {steady[-1][3]}")
    else:
        print("Memory and open files: the run was too short after the last start to compare (2 minutes)")
    if missed:
        print("Targets missed:\n  " + "\n  ".join(missed))
        if args.targets:
            failures.extend(missed)
    else:
        print("Targets: met")


def orders_check(data, record, failures):
    """Each acknowledged checkout has its one order; no order exists unacknowledged."""
    db = sqlite3.connect(f"file:{data / 'storefront.db'}?mode=ro", uri=True)
    orders = {row[0] for row in db.execute("SELECT id FROM orders")}
    keyed = dict(db.execute("SELECT key, order_id FROM checkout_idempotency_keys").fetchall())
    db.close()
    acknowledged = record["orders"]
    lost = [key for key, order_id in acknowledged.items() if order_id not in orders]
    wrong = [key for key, order_id in acknowledged.items() if key in keyed and keyed[key] != order_id]
    unanswered = orders - set(acknowledged.values())
    print(f"Orders: {len(acknowledged)} acknowledged, {len(orders)} in the database")
    if lost:
        failures.append(f"{len(lost)} acknowledged orders lost (keys {lost[:3]})")
    if wrong:
        failures.append(f"{len(wrong)} idempotency keys name another order than the one acknowledged")
    if len(set(acknowledged.values())) != len(acknowledged):
        failures.append("one order was acknowledged for two checkouts")
    if unanswered:
        failures.append(f"{len(unanswered)} orders no shopper was answered (doubled or lost answers): {sorted(unanswered)[:5]}")


if __name__ == "__main__":
    main()
