import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import QUIET_CHROMIUM from "./scripts/chromium-flags.json" with { type: "json" };
import LIMITS_OFF from "./scripts/limits-off.json" with { type: "json" };

// Browser end-to-end tests: Debian's Chromium (never a downloaded browser) against
// the real static-host serving the built UI and the embedded API on a fresh database.
const port = Number(process.env.E2E_PORT ?? 18181);
// Workers load this file again: they inherit the directory the main process chose, so
// `outbox` names the file the server writes.
const dataDir = (process.env.STOREFRONT_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "storefront-e2e-")));
export const outbox = join(dataDir, "outbox.jsonl");

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 30_000,
  retries: 0,
  workers: 1,
  // A `test.only` left in a file fails the CI run instead of silently running one test.
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No entry animations: axe must not measure a toast's contrast halfway through its fade-in.
    reducedMotion: "reduce",
    // The service worker would answer reads from its caches; suites see the server as it
    // is. The offline suite (e2e/offline.spec.ts) turns it on.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        // Root in a container, and no network for Chromium to call home to.
        ...QUIET_CHROMIUM,
        // WebGL for the location picker's map: software rendering (not --disable-gpu).
        "--use-angle=swiftshader",
        "--enable-unsafe-swiftshader",
      ],
    },
  },
  webServer: {
    command: process.env.STATIC_HOST_BIN ?? "../target/debug/static-host",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      STOREFRONT_ADDR: `127.0.0.1:${port}`,
      STOREFRONT_DATA_DIR: dataDir,
      STOREFRONT_UI_DIR: "dist",
      STOREFRONT_CODE_SENDER: `file:${outbox}`,
      // Every test signs in and shops from 127.0.0.1: the per-IP and per-number request
      // limits are proven by the server's own tests, not here.
      ...LIMITS_OFF,
      RUST_LOG: "warn",
    },
  },
});
