import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import LIMITS_OFF from "../scripts/limits-off.json" with { type: "json" };

/**
 * The real static-host (the built UI and the embedded API) started for the tests: each
 * Playwright worker starts its own (e2e/fixtures.ts), and a test that needs more servers
 * starts them here too (e2e/external-api.spec.ts). Every server gets a fresh data
 * directory (its database and its code outbox) and its own port; the address it serves
 * is the one it printed, so the server that answers is the one started here.
 */

/** The ui/ directory: the server runs there (`STOREFRONT_UI_DIR=dist`). */
const UI_DIR = resolve(import.meta.dirname, "..");

/** The server binary: `STATIC_HOST_BIN`, or the workspace's debug build. */
export const STATIC_HOST_BIN = resolve(UI_DIR, process.env.STATIC_HOST_BIN ?? "../target/debug/static-host");

/** How long a server may take to answer its first request. */
const START_TIMEOUT_MS = 60_000;

/** How much of a server's output is kept for error messages (its tail). */
const LOG_LIMIT = 64 * 1024;

/** `static-host` prints this line once it listens (static-host/src/main.rs). */
const LISTENING = /Storefront running at (http:\/\/[^/\s]+)\//;

export interface StaticHost {
  /** Where it serves, `http://127.0.0.1:PORT` (no trailing slash). */
  readonly url: string;
  /** Its data directory: the database, uploads and `outbox.jsonl`. */
  readonly dataDir: string;
  /** The file its one-time codes and notices go to (`STOREFRONT_CODE_SENDER=file:…`). */
  readonly outbox: string;
  /** What it printed so far, standard output and error (the last 64 KB). */
  log(): string;
  /** Why it stopped, if it has stopped on its own (`null`: still running or stopped by `stop`). */
  exited(): string | null;
  /** Runs an operator command (`static-host --data-dir DIR ARGS…`) on its data directory; answers what it printed. */
  operator(...args: string[]): string;
  /** Stops it (SIGTERM, then SIGKILL after 5 s) and removes its data directory. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Named in the data directory and in error messages. */
  name: string;
  /** `--addr`; `127.0.0.1:0` (the default) lets the system choose a free port. */
  addr?: string;
  /** Extra environment (e.g. `STOREFRONT_API_BASE_URL`). */
  env?: Record<string, string>;
  /** The path whose 200 says the server is ready: `/api/health`, or `/` for a server without the embedded API. */
  readyPath?: string;
}

/** A port nobody listens on right now, on 127.0.0.1 (for a server another must know before it starts). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done, fail) => {
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", done);
  });
  const address = probe.address();
  await new Promise<void>((done) => probe.close(() => done()));
  if (address === null || typeof address === "string") throw new Error("no free port: the probe has no TCP address");
  return address.port;
}

/**
 * Starts a static-host on a fresh data directory, with the tests' environment (request
 * limits off, `RUST_LOG=warn`, the built UI, codes to a file outbox) plus `env`; waits
 * until it answers `readyPath` at the address it printed. Fails with its output when it
 * exits, prints no address, or does not answer within a minute.
 */
export async function startStaticHost(options: StartOptions): Promise<StaticHost> {
  const { name, addr = "127.0.0.1:0", env = {}, readyPath = "/api/health" } = options;
  const dataDir = mkdtempSync(join(tmpdir(), `storefront-e2e-${name}-`));
  const outbox = join(dataDir, "outbox.jsonl");
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-LOG_LIMIT);
  };
  const child = spawn(STATIC_HOST_BIN, ["--addr", addr], {
    cwd: UI_DIR,
    env: {
      ...process.env,
      STOREFRONT_DATA_DIR: dataDir,
      STOREFRONT_UI_DIR: "dist",
      STOREFRONT_CODE_SENDER: `file:${outbox}`,
      // Every test signs in and shops from 127.0.0.1: the per-IP and per-number request
      // limits are proven by the server's own tests, not here.
      ...LIMITS_OFF,
      RUST_LOG: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);

  let exit: string | null = null;
  let stopping = false;
  const gone = new Promise<void>((done) => {
    child.once("error", (error) => {
      exit ??= `could not be started: ${error.message}`;
      done();
    });
    // "close", not "exit": by then its last words have been read from the pipes.
    child.once("close", (code, signal) => {
      exit ??= signal ? `was killed by ${signal}` : `exited with code ${code}`;
      done();
    });
  });
  const describe = (what: string) =>
    `static-host "${name}" (${STATIC_HOST_BIN} --addr ${addr}, data dir ${dataDir}) ${what}.\n` +
    `--- its output ---\n${output || "(nothing)"}\n--- end of its output ---`;

  const stop = async () => {
    stopping = true;
    if (exit === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await gone;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const url = await listening(child.stdout, gone, () => output, () => exit, describe);
    await ready(`${url}${readyPath}`, gone, () => exit, describe);
    return {
      url,
      dataDir,
      outbox,
      log: () => output,
      exited: () => (stopping ? null : exit),
      operator: (...args: string[]) =>
        execFileSync(STATIC_HOST_BIN, ["--data-dir", dataDir, ...args], { encoding: "utf8", cwd: UI_DIR }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The address the server printed once it listens (`Storefront running at …`). */
async function listening(
  stdout: NodeJS.ReadableStream,
  gone: Promise<void>,
  output: () => string,
  exit: () => string | null,
  describe: (what: string) => string,
): Promise<string> {
  let found: (url: string) => void = () => undefined;
  const printed = new Promise<string>((done) => (found = done));
  const look = () => {
    const match = LISTENING.exec(output());
    if (match?.[1]) found(match[1]);
  };
  stdout.on("data", look);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((done) => (timer = setTimeout(() => done(null), START_TIMEOUT_MS)));
  try {
    const url = await Promise.race([printed, gone.then(() => null), late]);
    if (url !== null) return url;
    const reason = exit();
    throw new Error(describe(reason ?? `printed no address within ${START_TIMEOUT_MS / 1000} s`));
  } finally {
    clearTimeout(timer);
    stdout.off("data", look);
  }
}

/** Asks `url` until it answers 200 (the server that printed this address, while it runs). */
async function ready(
  url: string,
  gone: Promise<void>,
  exit: () => string | null,
  describe: (what: string) => string,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    const reason = exit();
    if (reason !== null) throw new Error(describe(reason));
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
      last = `${url} answered ${response.status}`;
    } catch (error) {
      last = `${url}: ${error instanceof Error ? error.message : String(error)}`;
    }
    // The next try after a short pause, or at once if the server stops meanwhile.
    await Promise.race([gone, new Promise((done) => setTimeout(done, 100))]);
  }
  throw new Error(describe(`did not answer within ${START_TIMEOUT_MS / 1000} s (${last})`));
}
