#!/usr/bin/env node
// `just bench-api`: latency of the embedded product API over a large catalogue at a
// fixed request rate. Starts the release static-host on a fresh temporary data
// directory seeded with BENCH_PRODUCTS products, builds the request lists from the
// catalogue itself, drives each scenario with oha (open loop, latency corrected for
// coordinated omission) and prints p50 / p99 next to the targets. It prints figures;
// it never fails on them, only on errors: a non-2xx answer (a benchmark of 429s
// measures refusals, not the API), a transport error, a scenario or the start-up
// taking far longer than it should, or the server stopping.
//
// All the load comes from 127.0.0.1, which the per-IP abuse limits would count as one
// client and refuse; the server is started with STOREFRONT_LIMIT_EXEMPT_ADDRS naming
// loopback, so those limits neither count nor refuse the load tool.
//
// Nothing here blocks Node's event loop while the server runs: oha runs as an
// asynchronous child, and the server's stdout and stderr are read all the time (the
// last lines are kept and printed if something fails). A blocked loop stopped reading
// the server's output, and a server writing to a full pipe can stall.
//
// Each scenario runs BENCH_REPEATS times and the median run's figures are shown (with
// the worst p99): on a shared machine, another job's burst lands in one run, not all.
//
// Settings (environment): BENCH_PRODUCTS (100000), BENCH_RATE (500 requests/s),
// BENCH_DURATION (10s per run), BENCH_REPEATS (3), BENCH_TIMEOUT (per scenario; by
// default 3 × its runs' time + 30 s), BENCH_START_TIMEOUT (seeding and start, 300s),
// OHA (.tools/bin/oha), STATIC_HOST (target/release/static-host).

import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, readFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";

/** Milliseconds of a duration as oha takes it (`10s`, `500ms`, `2m`, `1h`; a bare number is seconds). */
function parseDuration(text, name) {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(String(text));
  if (!match) throw new Error(`${name}: expected a duration such as 10s, 500ms or 2m, got ${JSON.stringify(text)}`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? "s"];
  return Number(match[1]) * unit;
}

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const DURATION = process.env.BENCH_DURATION ?? "10s";
const REPEATS = Math.max(1, Number(process.env.BENCH_REPEATS ?? 3));
const OHA = process.env.OHA ?? ".tools/bin/oha";
const STATIC_HOST = process.env.STATIC_HOST ?? "target/release/static-host";
const DURATION_MS = parseDuration(DURATION, "BENCH_DURATION");
const SCENARIO_TIMEOUT_MS = process.env.BENCH_TIMEOUT
  ? parseDuration(process.env.BENCH_TIMEOUT, "BENCH_TIMEOUT")
  : 3 * REPEATS * DURATION_MS + 30_000;
const START_TIMEOUT_MS = parseDuration(process.env.BENCH_START_TIMEOUT ?? "300s", "BENCH_START_TIMEOUT");
/** The load tool's addresses, which the server's per-IP abuse limits leave alone. */
const EXEMPT_ADDRS = "127.0.0.1,::1";
/** Requests per list query while the scenarios are built (the server is idle then). */
const FETCH_TIMEOUT_MS = 30_000;
/** Server output lines kept to print when something fails. */
const LOG_LINES = 200;

/** A failure with its own clear message (printed without a stack). */
class BenchFailure extends Error {}

const work = mkdtempSync(join(tmpdir(), "storefront-bench-api-"));
/** The server and any running oha: whatever happens, none of them outlives this script. */
const children = new Set();
let server;
const serverLog = [];

process.on("exit", () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  rmSync(work, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    console.error(`\nbench-api: ${signal}, stopping oha and the server`);
    process.exit(130);
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const say = (text) => console.error(`bench-api: ${text}`);

/** Reads `stream` line by line as it comes, keeping the last LOG_LINES lines. */
function drain(stream, prefix, onLine) {
  let partial = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop();
    for (const raw of lines) {
      const line = raw.replace(/\x1b\[[0-9;]*m/g, "");
      serverLog.push(prefix + line);
      if (serverLog.length > LOG_LINES) serverLog.shift();
      onLine?.(line);
    }
  });
}

/** Starts static-host on a free loopback port; resolves with its base URL and the seed time. */
function startServer() {
  mkdirSync(join(work, "ui"));
  writeFileSync(join(work, "ui", "index.html"), "<!doctype html><title>bench</title>");
  const started = performance.now();
  server = spawn(
    STATIC_HOST,
    ["--addr", "127.0.0.1:0", "--data-dir", join(work, "data"), "--ui-dir", join(work, "ui"), "--seed-products", String(PRODUCTS)],
    {
      env: { ...process.env, RUST_LOG: "info", NO_COLOR: "1", STOREFRONT_LIMIT_EXEMPT_ADDRS: EXEMPT_ADDRS },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.add(server);
  return new Promise((resolve, reject) => {
    let seedMs = null;
    let exempt = false;
    let url = null;
    const timer = setTimeout(
      () => reject(new BenchFailure(`static-host was not serving after ${seconds(START_TIMEOUT_MS)} (BENCH_START_TIMEOUT)`)),
      START_TIMEOUT_MS,
    );
    const settle = (settler, value) => {
      clearTimeout(timer);
      settler(value);
    };
    server.on("error", (err) => settle(reject, new BenchFailure(`cannot start ${STATIC_HOST}: ${err.message}`)));
    server.on("exit", (code, signal) => settle(reject, new BenchFailure(`static-host exited (${code ?? signal}) before serving`)));
    drain(server.stderr, "stderr: ");
    drain(server.stdout, "", (line) => {
      seedMs ??= Number(line.match(/seeded the demo catalogue.*elapsed_ms=(\d+)/)?.[1] ?? NaN) || null;
      exempt ||= line.includes("per-IP abuse limits are off");
      const found = line.match(/Storefront running at (http:\/\/127\.0\.0\.1:\d+)\//)?.[1];
      if (found) {
        url = found;
        // The log line confirming the exemption goes through the server's log thread
        // and may come just after the URL, which is printed directly.
        setTimeout(() => {
          // An older build ignores the variable: every scenario would be refused.
          settle(reject, new BenchFailure(`${STATIC_HOST} did not confirm STOREFRONT_LIMIT_EXEMPT_ADDRS (an old build?)`));
        }, 5_000);
      }
      if (url && exempt) settle(resolve, { base: url, seedMs, startMs: performance.now() - started });
    });
  });
}

/** Stops the server (SIGTERM, so it closes its database), SIGKILL if it takes over 15 s. */
function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.kill("SIGKILL"), 15_000);
    server.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill("SIGTERM");
  });
}

async function get(base, path, language = "en") {
  const response = await fetch(base + path, { headers: { Language: language }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new BenchFailure(`GET ${path}: HTTP ${response.status} while building the scenarios`);
  return response.json();
}

/** Words of a name a shopper would type: letters (any script), at least two of them. */
function words(name) {
  return name.split(/[^\p{L}]+/u).filter((w) => [...w].length >= 2);
}

/**
 * Searches shoppers type, taken from the catalogue's own names in both languages:
 * the first word, its first three letters (typing in progress), the first two words,
 * and the longest later word (often the item after a brand; not a unit such as 'kg'
 * or the 'of' of 'Pack of 6'). Every seventh name of the first pages of each service,
 * so the list is the same on every run.
 */
async function searches(base, services) {
  const list = [];
  for (const service of services) {
    for (const language of ["en", "ar"]) {
      for (let page = 1; page <= 3; page += 1) {
        const body = await get(base, `/api/products?service_id=${service}&page=${page}&limit=100`, language);
        body.data.forEach((product, index) => {
          if (index % 7 !== 0) return;
          const w = words(product.name);
          if (w.length === 0) return;
          const first = [...w[0]];
          list.push({ service, text: w[0] });
          if (first.length > 3) list.push({ service, text: first.slice(0, 3).join("") });
          if (w.length > 1) list.push({ service, text: `${w[0]} ${w[1]}` });
          const later = w.slice(1).reduce((a, b) => ([...b].length > [...a].length ? b : a), "");
          if (w.length > 2) list.push({ service, text: later });
        });
      }
    }
  }
  // Once each: a repeated search is no different from the first.
  const seen = new Set();
  return list.filter((s) => {
    const key = `${s.service} ${s.text.toLowerCase()}`;
    return !seen.has(key) && seen.add(key);
  });
}

function writeUrls(name, urls) {
  const file = join(work, `${name}.txt`);
  writeFileSync(file, urls.join("\n") + "\n");
  return file;
}

/**
 * Runs oha asynchronously (the event loop keeps reading the server's output) and
 * resolves with its standard output. Rejects, having killed oha, when the scenario's
 * `deadline` passes or the server stops.
 */
function oha(args, scenario, deadline) {
  return new Promise((resolve, reject) => {
    const child = spawn(OHA, args, { stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => (out += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (err = (err + chunk).slice(-8192)));
    const fail = (message) => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      reject(new BenchFailure(message));
    };
    const timer = setTimeout(
      () => fail(`scenario "${scenario}" did not finish within ${seconds(SCENARIO_TIMEOUT_MS)} (BENCH_TIMEOUT); oha and the server were stopped`),
      Math.max(0, deadline - Date.now()),
    );
    const serverStopped = (code, signal) => fail(`static-host stopped (${code ?? signal}) during scenario "${scenario}"`);
    server.once("exit", serverStopped);
    child.on("error", (error) => fail(`cannot run oha (${OHA}): ${error.message}`));
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      server.off("exit", serverStopped);
      children.delete(child);
      if (code === 0) resolve(out);
      else fail(`oha failed in scenario "${scenario}" (${code ?? signal}): ${err.trim()}`);
    });
  });
}

/** Clock ticks per second of /proc times (read once, before anything runs). */
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

/** CPU seconds the server has used (user + system): a figure other load cannot inflate. */
function serverCpuSeconds() {
  const stat = readFileSync(`/proc/${server.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** The answers of an oha report: how many, and those that were not 2xx or not answers. */
function answers(report) {
  const statuses = Object.entries(report.statusCodeDistribution ?? {});
  const errors = Object.entries(report.errorDistribution ?? {});
  const bad = statuses.filter(([status]) => !/^2\d\d$/.test(status));
  return {
    count: statuses.reduce((sum, [, n]) => sum + n, 0),
    non2xx: bad.reduce((sum, [, n]) => sum + n, 0),
    errors: errors.reduce((sum, [, n]) => sum + n, 0),
    problems: [...bad.map(([s, n]) => `${n} × HTTP ${s}`), ...errors.map(([e, n]) => `${n} × ${e}`)],
  };
}

/** One run: RATE requests/s for DURATION; percentiles in ms. */
async function runOnce(name, file, deadline) {
  const cpuBefore = serverCpuSeconds();
  const report = JSON.parse(
    await oha(
      [
        "--urls-from-file", file, "-q", String(RATE), "-z", DURATION, "-w", "-c", "32", "--latency-correction",
        "--no-tui", "--output-format", "json", "-H", "Language: en",
      ],
      name,
      deadline,
    ),
  );
  const cpu = serverCpuSeconds() - cpuBefore;
  const seen = answers(report);
  return {
    name,
    p50: report.latencyPercentiles.p50 * 1000,
    p99: report.latencyPercentiles.p99 * 1000,
    rps: report.summary.requestsPerSec,
    requests: seen.count,
    cpuMs: (cpu * 1000) / Math.max(1, seen.count),
    load: loadavg()[0],
    non2xx: seen.non2xx,
    errors: seen.errors,
    problems: seen.problems,
  };
}

/** One scenario: a warm-up, then REPEATS runs; the run with the median p99 stands for it. */
async function run(name, file) {
  const deadline = Date.now() + SCENARIO_TIMEOUT_MS;
  say(`${name}: warm-up, then ${REPEATS} × ${DURATION} at ${RATE}/s (load average ${loadavg()[0].toFixed(2)})`);
  const warmUp = answers(
    JSON.parse(await oha(["--urls-from-file", file, "-n", "500", "-c", "8", "--no-tui", "--output-format", "json"], name, deadline)),
  );
  const runs = [];
  for (let i = 0; i < REPEATS; i += 1) runs.push(await runOnce(name, file, deadline));
  runs.sort((a, b) => a.p99 - b.p99);
  const median = runs[Math.floor((runs.length - 1) / 2)];
  return {
    ...median,
    worstP99: runs[runs.length - 1].p99,
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    non2xx: warmUp.non2xx + runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: warmUp.errors + runs.reduce((sum, r) => sum + r.errors, 0),
    problems: [...warmUp.problems.map((p) => `warm-up: ${p}`), ...runs.flatMap((r) => r.problems)],
  };
}

function cpuModel() {
  try {
    return readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/)?.[1] ?? "unknown CPU";
  } catch {
    return cpus()[0]?.model ?? "unknown CPU";
  }
}

function printTable(results, context) {
  const pad = (text, width) => String(text).padEnd(width);
  const ms = (value) => value.toFixed(2).padStart(7);
  console.log(
    `\nAPI latency at ${RATE} requests/s, ${REPEATS} runs of ${DURATION} per scenario, median run shown (oha, open loop, latency corrected)`,
  );
  console.log(`abuse limits off for the load tool's address 127.0.0.1 (STOREFRONT_LIMIT_EXEMPT_ADDRS=${EXEMPT_ADDRS})`);
  console.log(
    `${PRODUCTS.toLocaleString("en")} products seeded in ${((context.seedMs ?? context.startMs) / 1000).toFixed(1)} s (start to serving: ${(context.startMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `machine: ${cpus().length} cores, ${cpuModel()}; load average ${context.loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`,
  );
  console.log(`${context.queries} distinct searches taken from the catalogue's names (English and Arabic)\n`);
  console.log(
    `${pad("scenario", 19)}${"urls".padStart(5)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}  ${pad("p99 target", 13)}` +
      `${"worst p99".padStart(10)}${"req/s".padStart(6)}${"CPU ms/req".padStart(11)}${"load".padStart(6)}${"non-2xx".padStart(9)}`,
  );
  for (const r of results) {
    const verdict = r.p99 < r.target ? "met" : "MISSED";
    console.log(
      `${pad(r.name, 19)}${String(r.urls).padStart(5)}${ms(r.p50)} ${ms(r.p99)}  ${pad(`< ${r.target} ${verdict}`, 13)}` +
        `${r.worstP99.toFixed(2).padStart(10)}${r.rps.toFixed(0).padStart(6)}${r.cpuMs.toFixed(3).padStart(11)}${r.load.toFixed(2).padStart(6)}` +
        `${String(r.non2xx + r.errors).padStart(9)}`,
    );
  }
  console.log("\nCPU ms/req: the server's own CPU time per request (it does not grow with other load);");
  console.log("worst p99: the slowest of the runs; load: the 1-minute load average after the median run");
  console.log("(above about 1.5, other work competed for the 2 cores with the server and oha);");
  console.log("non-2xx: answers that were not 2xx plus transport errors, over the warm-up and every run (must be 0).");
}

async function main() {
  say(
    `${PRODUCTS.toLocaleString("en")} products, ${RATE} requests/s, ${REPEATS} × ${DURATION} per scenario; ` +
      `abuse limits off for the load tool's address 127.0.0.1 (STOREFRONT_LIMIT_EXEMPT_ADDRS=${EXEMPT_ADDRS}); ` +
      `timeouts: ${seconds(START_TIMEOUT_MS)} to start, ${seconds(SCENARIO_TIMEOUT_MS)} per scenario`,
  );
  say(`starting ${STATIC_HOST} (seeding ${PRODUCTS.toLocaleString("en")} products)`);
  const { base, seedMs, startMs } = await startServer();
  say(`serving at ${base} after ${(startMs / 1000).toFixed(1)} s; building the request lists`);
  const services = (await get(base, "/api/services")).data.map((s) => s.id);
  const queries = await searches(base, services);
  const q = (text) => encodeURIComponent(text);
  const parents = [];
  for (const service of services) {
    const tree = await get(base, `/api/categories?service_id=${service}&is_tree=1&limit=1000`);
    for (const category of tree.data ?? []) parents.push({ service, id: category.id });
  }

  const scenarios = [
    ["suggestions", queries.map((s) => `${base}/api/products?service_id=${s.service}&text=${q(s.text)}`), 20],
    ["search results", queries.map((s) => `${base}/api/products?service_id=${s.service}&page=1&limit=20&search=${q(s.text)}`), 20],
    ["products page", services.flatMap((s) => [1, 2, 3, 4, 5].map((p) => `${base}/api/products?service_id=${s}&page=${p}&limit=20`)), 10],
    ["category products", parents.map((c) => `${base}/api/products?service_id=${c.service}&page=1&limit=20&category_id=${c.id}`), 10],
    ["branches page", services.map((s) => `${base}/api/branches?service_id=${s}&page=1&limit=20`), 10],
    ["categories", services.map((s) => `${base}/api/categories?service_id=${s}&is_tree=1&limit=1000`), 10],
  ];

  const context = { seedMs, startMs, queries: queries.length, loadBefore: loadavg()[0] };
  const results = [];
  for (const [name, urls, target] of scenarios) {
    const result = { ...(await run(name, writeUrls(name.replace(/\W+/g, "-"), urls))), target, urls: urls.length };
    results.push(result);
    if (result.non2xx + result.errors > 0) {
      // Refusals (429) or errors answer fast: their latency says nothing about the API.
      printTable(results, context);
      throw new BenchFailure(
        `scenario "${name}": ${result.non2xx + result.errors} of its requests were not answered 2xx ` +
          `(${result.problems.join(", ")}); these figures are not the API's latency`,
      );
    }
  }
  printTable(results, context);
  await stopServer();
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(`\n\x1b[31mbench-api FAILED: ${error instanceof BenchFailure ? error.message : error.stack ?? error}\x1b[0m`);
  if (serverLog.length > 0) {
    console.error(`\nThe server's last ${serverLog.length} lines of output:\n  ${serverLog.join("\n  ")}`);
  }
  process.exit(1);
}
