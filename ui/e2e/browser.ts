import QUIET_CHROMIUM from "../scripts/chromium-flags.json" with { type: "json" };

/**
 * How the suites launch Debian's Chromium (never a downloaded browser): its old headless
 * shell (package chromium-headless-shell, which `./dev` installs), as Playwright itself
 * prefers for headless runs; the suite's pages took 18 % less time than in the full
 * browser. `CHROMIUM_PATH` names another build. Only the files
 * that draw the location picker's map ask for WebGL: it comes from SwiftShader, which
 * also takes over the page's compositing in software GL; without it Chromium
 * composites with its own software path, and a test file ran in 144 s instead of 189 s.
 * A file asks with `test.use({ launchOptions: launchOptions({ webgl: true }) })` at its
 * top level (a worker option: those tests get a worker, and a browser, of their own).
 */
export function launchOptions({ webgl }: { webgl: boolean }) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: [
      // Root in a container, and no network for Chromium to call home to.
      ...QUIET_CHROMIUM,
      ...(webgl ? ["--use-angle=swiftshader", "--enable-unsafe-swiftshader"] : ["--disable-gpu"]),
    ],
  };
}
