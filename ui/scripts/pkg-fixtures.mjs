// The packed package in four kinds of project (wasm-bindings/npm/fixtures): packs pkg/
// with `npm pack`, copies the fixtures to a temporary folder, installs the tarball into
// each, and runs them: Node as ES module and as CommonJS, and pages built by Vite and by
// webpack 5, opened in Debian's Chromium; and compiles a TypeScript client against the
// declarations and the shipped API types. Also checks that the tarball carries the
// Rust crates' version. Exits non-zero on the first failure.
import { execFileSync } from "node:child_process";
import { cpSync, createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { build } from "vite";
import wasm from "vite-plugin-wasm";
import webpack from "webpack";
import QUIET_CHROMIUM from "./chromium-flags.json" with { type: "json" };

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "pkg-fixtures-"));
const run = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

function fail(message) {
  console.error(`pkg-fixtures: ${message}`);
  process.exitCode = 1;
}

async function main() {
  const tarball = join(work, run("npm", ["pack", join(ROOT, "pkg"), "--pack-destination", work, "--silent"], ROOT).trim().split("\n").pop());
  console.log(`packed ${tarball}`);

  // One source for both registries: the crates' [workspace.package].
  const workspace = readFileSync(join(ROOT, "Cargo.toml"), "utf8").match(/\[workspace\.package\]([^[]*)/)?.[1] ?? "";
  const cargo = (key) => workspace.match(new RegExp(`\\n${key} = "([^"]+)"`))?.[1];
  const manifest = JSON.parse(run("tar", ["-xzOf", tarball, "package/package.json"], work));
  if (manifest.version !== cargo("version")) return fail(`the tarball's version ${manifest.version} is not the crates' ${cargo("version")}`);
  if (manifest.license !== cargo("license")) return fail(`the tarball's licence ${manifest.license} is not the crates' ${cargo("license")}`);
  if (manifest.repository?.url !== `git+${cargo("repository")}.git` || manifest.homepage !== cargo("repository")) {
    return fail(`the tarball's repository ${JSON.stringify(manifest.repository)} and homepage ${manifest.homepage} are not the crates' ${cargo("repository")}`);
  }

  const fixtures = join(work, "fixtures");
  cpSync(join(ROOT, "wasm-bindings/npm/fixtures"), fixtures, { recursive: true });
  for (const name of ["node-esm", "node-cjs", "vite", "webpack"]) {
    run("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock", "--silent", tarball], join(fixtures, name));
  }

  // The declarations, as a TypeScript client compiles against them (strict, nodenext).
  try {
    run("node", [join(ROOT, "ui/node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], join(fixtures, "node-esm"));
    console.log("✔ TypeScript declarations (rules and API)");
  } catch (error) {
    return fail(`TypeScript: ${error.stdout ?? error.message}`);
  }

  // The package README's examples: every ```js block runs as is under Node.
  const readme = readFileSync(join(fixtures, "node-esm/node_modules/storefront-core/README.md"), "utf8");
  const examples = [...readme.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
  if (examples.length < 6) return fail(`the README has ${examples.length} runnable examples, fewer than its rule families`);
  for (const [i, code] of examples.entries()) {
    const file = join(fixtures, "node-esm", `readme-${i + 1}.mjs`);
    writeFileSync(file, code);
    try {
      run("node", [file], join(fixtures, "node-esm"));
    } catch (error) {
      return fail(`README example ${i + 1}:\n${code}\n${error.stderr ?? error.message}`);
    }
  }
  console.log(`✔ the README's ${examples.length} examples run`);

  for (const [name, main] of [["node-esm", "main.mjs"], ["node-cjs", "main.cjs"]]) {
    try {
      run("node", [main], join(fixtures, name));
      console.log(`✔ ${name}`);
    } catch (error) {
      return fail(`${name}: ${error.stdout ?? error.message}`);
    }
  }

  const vite = join(fixtures, "vite");
  await build({ root: vite, configFile: false, logLevel: "warn", plugins: [wasm()], build: { outDir: "dist", target: "es2022" } });

  const pack = join(fixtures, "webpack");
  await new Promise((resolve, reject) =>
    webpack(
      {
        mode: "production",
        context: pack,
        entry: "./main.js",
        output: { path: join(pack, "dist"), filename: "main.js" },
        experiments: { asyncWebAssembly: true },
        target: "web",
      },
      (error, stats) => (error || stats.hasErrors() ? reject(error ?? new Error(stats.toString("errors-only"))) : resolve()),
    ),
  );
  cpSync(join(vite, "index.html"), join(pack, "dist/index.html"));

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: QUIET_CHROMIUM });
  try {
    for (const [name, dist] of [["vite", join(vite, "dist")], ["webpack", join(pack, "dist")]]) {
      const failures = await inBrowser(browser, dist);
      if (failures !== "[]") return fail(`${name}: ${failures}`);
      console.log(`✔ ${name}`);
    }
  } finally {
    await browser.close();
  }
}

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };

/** Serves `dist` and opens its page: the checks' failures, as the page wrote them. */
async function inBrowser(browser, dist) {
  const server = createServer((request, response) => {
    const path = join(dist, new URL(request.url ?? "/", "http://x").pathname.replace(/\/$/, "/index.html"));
    if (!path.startsWith(dist) || !existsSync(path) || !statSync(path).isFile()) return response.writeHead(404).end();
    response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" });
    createReadStream(path).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  try {
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => globalThis.document.body?.dataset.failures !== undefined, null, { timeout: 15_000 }).catch(() => {});
    const failures = await page.evaluate(() => globalThis.document.body.dataset.failures);
    return failures ?? `no result (${errors.join("; ") || "the page did not run"})`;
  } finally {
    await page.close();
    server.close();
  }
}

try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
