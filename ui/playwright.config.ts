import { defineConfig } from "@playwright/test";
import { launchOptions } from "./e2e/browser";

// Browser end-to-end tests: Debian's Chromium (never a downloaded browser) against the
// real static-host serving the built UI and the embedded API on a fresh database. Each
// worker starts its own static-host, on its own port with its own data directory and
// code outbox (the `server` fixture, e2e/fixtures.ts and e2e/server.ts), and `baseURL`
// is that server's: two workers (the machine's cores; `E2E_WORKERS` sets another count)
// never share a database. Test files are spread over the workers; the tests of one
// file run in order on one worker.
const workers = Number(process.env.E2E_WORKERS ?? 2);
if (!Number.isInteger(workers) || workers < 1) throw new Error(`E2E_WORKERS must be a whole number above 0, not ${process.env.E2E_WORKERS}`);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 30_000,
  retries: 0,
  workers,
  // A `test.only` left in a file fails the CI run instead of silently running one test.
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  use: {
    // No entry animations: axe must not measure a toast's contrast halfway through its fade-in.
    reducedMotion: "reduce",
    // The service worker would answer reads from its caches; suites see the server as it
    // is. The offline suite (e2e/offline.spec.ts) turns it on.
    serviceWorkers: "block",
    // WebGL only where the map is drawn (e2e/browser.ts).
    launchOptions: launchOptions({ webgl: false }),
  },
});
