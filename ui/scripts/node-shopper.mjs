// The second client (examples/node-shopper) against a fresh static-host: packs pkg/ with
// `npm pack`, copies the example to a temporary folder, installs the tarball there,
// compiles it with TypeScript (strict, against the package's declarations and
// `storefront-core/api`), starts static-host on its own data directory and a free port
// (file code sender, abuse limits off), runs the shopper against it and checks what it
// printed: the order placed, then listed in English and in Arabic with its status and
// total. Stops the server and removes the folder afterwards. Exits non-zero on a failure.
//
//   node scripts/node-shopper.mjs            (STATIC_HOST_BIN: the server, default target/debug/static-host)
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import LIMITS_OFF from "./limits-off.json" with { type: "json" };

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const EXAMPLE = join(ROOT, "examples/node-shopper");
const SERVER = process.env.STATIC_HOST_BIN ?? join(ROOT, "target/debug/static-host");
const work = mkdtempSync(join(tmpdir(), "node-shopper-"));
const run = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** Seconds since `since` (ms), for the log. */
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** static-host on a fresh data directory; resolves once /api/health answers. */
async function startServer(port, data) {
  const log = [];
  const server = spawn(SERVER, [], {
    env: {
      ...process.env,
      STOREFRONT_ADDR: `127.0.0.1:${port}`,
      STOREFRONT_DATA_DIR: data,
      STOREFRONT_UI_DIR: join(work, "no-ui"),
      STOREFRONT_CODE_SENDER: `file:${join(data, "outbox.jsonl")}`,
      // Every call comes from 127.0.0.1: the abuse limits are the server's own tests' business.
      ...LIMITS_OFF,
      RUST_LOG: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  server.stderr.on("data", (chunk) => log.push(chunk.toString()));
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`static-host exited (${server.exitCode}):\n${log.join("")}`);
    try {
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (health.ok) return { server, exited, log };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill("SIGTERM");
  throw new Error(`static-host did not answer /api/health within 30 s:\n${log.join("")}`);
}

/** Runs the compiled shopper, echoing its output; resolves with its exit code and output. */
function shop(cwd, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["dist/main.js", ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** What the shopper must have printed; the first line missing, or null. */
function checkOutput(stdout) {
  const placed = /^order #(\S+) placed: cash, status (\w+), total (\d+\.\d\d) (\w+)/m.exec(stdout);
  if (!placed) return "no 'order #… placed: cash, status …, total …' line";
  const [, number, status, total] = placed;
  const expected = [
    [/^signed in as \+\d+$/m, "signed in as …"],
    [/^registered as /m, "registered as …"],
    [/^district: .+ \(#\d+\)/m, "district: …"],
    [/^found [1-9]\d* products for "[\u0600-\u06ff ]+"/m, 'found N products for "<Arabic>"'],
    [/^cart: .* cart total \d+\.\d\d /m, "cart: … cart total …"],
    [/^coupon \w+: −\d+\.\d\d /m, "coupon …: −…"],
    [new RegExp(`^order in English: #${number}, status [A-Za-z][A-Za-z ]* \\(${status}, tab \\w+\\), .* total ${total} `, "m"), `order in English: #${number}, status …, total ${total}`],
    [new RegExp(`^order in Arabic: #${number}, status [\\u0600-\\u06ff][\\u0600-\\u06ff ]* \\(${status}, tab \\w+\\), .* total ${total} `, "m"), `order in Arabic: #${number}, status <Arabic>, total ${total}`],
    // The second order, paid by card and saving it; then the saved card, as GET /cards labels it.
    [/^order #\S+ placed: card \*\*\*\* 4242, status \w+, total \d+\.\d\d \w+; the card saved for next time$/m, "order #… placed: card **** 4242 …; the card saved for next time"],
    [/^saved card: •••• 4242 \(visa, expires \d\d\/\d\d, default\)$/m, "saved card: •••• 4242 (visa, expires MM/YY, default)"],
  ];
  const missing = expected.find(([pattern]) => !pattern.test(stdout));
  return missing ? `no '${missing[1]}' line` : null;
}

async function main() {
  if (!existsSync(SERVER)) throw new Error(`no server at ${SERVER}: build it (cargo build -p static-host) or set STATIC_HOST_BIN`);
  const started = Date.now();

  // The example as a newcomer gets it, with the packed package as its dependency.
  const app = join(work, "node-shopper");
  cpSync(EXAMPLE, app, { recursive: true, filter: (path) => !/[\\/](node_modules|dist)$|\.tgz$/.test(path) });
  const tarball = run("npm", ["pack", join(ROOT, "pkg"), "--pack-destination", work, "--silent"], ROOT).trim().split("\n").pop();
  renameSync(join(work, tarball), join(app, "storefront-core.tgz"));
  run("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock", "--silent"], app);
  if (!readdirSync(join(app, "node_modules")).includes("storefront-core")) throw new Error("npm did not install storefront-core");
  if (!existsSync(join(app, "node_modules/storefront-core/nodejs/storefront_core.js"))) {
    throw new Error("the packed package has no Node build (nodejs/): is pkg/ built, and not being rebuilt right now?");
  }
  console.log(`installed ${tarball} into a copy of examples/node-shopper`);

  // TypeScript and Node's types come from the UI's install (no registry call here).
  try {
    run(process.execPath, [join(ROOT, "ui/node_modules/typescript/bin/tsc"), "-p", "tsconfig.json", "--typeRoots", join(ROOT, "ui/node_modules/@types")], app);
  } catch (error) {
    throw new Error(`TypeScript:\n${error.stdout || error.message}`, { cause: error });
  }
  console.log(`✔ compiled (strict) against the package's declarations and storefront-core/api (${seconds(started)})`);

  const data = join(work, "data");
  mkdirSync(data);
  const port = await freePort();
  const { server, exited, log } = await startServer(port, data);
  try {
    console.log(`static-host on 127.0.0.1:${port} (fresh data directory, ${seconds(started)})\n`);
    const result = await shop(app, ["--base", `http://127.0.0.1:${port}/`, "--outbox", join(data, "outbox.jsonl")]);
    if (result.code !== 0) throw new Error(`the shopper exited with ${result.code}`);
    const problem = checkOutput(result.stdout);
    if (problem) throw new Error(`the shopper's output has ${problem}`);
  } catch (error) {
    if (log.length > 0) console.error(`static-host's log:\n${log.join("")}`);
    throw error;
  } finally {
    server.kill("SIGTERM");
    await exited;
  }
  console.log(`\n✔ node-shopper: signed in, shopped, ordered, listed the order in both languages, paid by card and listed the saved card (${seconds(started)} in all)`);
}

try {
  await main();
} catch (error) {
  console.error(`node-shopper: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
