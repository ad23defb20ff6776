/** @jest-environment node */
import { execFileSync } from "node:child_process";
import path from "node:path";

// ESLint starts in a process of its own, with the whole config: seconds, more on a busy machine.
jest.setTimeout(120_000);

/** The ui folder, where ESLint finds the project's eslint.config.js. */
const UI = path.resolve(__dirname, "../..");

interface Problem {
  line: number;
  ruleId: string | null;
  message: string;
}

/**
 * Lints each snippet as the file its key names (none of them exists), with the project's
 * own config, through ESLint's Node API (`new ESLint().lintText`). In a Node process of
 * its own: jest's module sandbox cannot import the config, an ES module, as ESLint does.
 * An ignored path would come back as a warning, not as silence.
 */
function lint(files: Record<string, string>): Record<string, Problem[]> {
  const script = `
    import { readFileSync } from "node:fs";
    import { ESLint } from "eslint";
    const files = JSON.parse(readFileSync(0, "utf8"));
    const eslint = new ESLint();
    const problems = {};
    for (const [filePath, code] of Object.entries(files)) {
      const [result] = await eslint.lintText(code, { filePath, warnIgnored: true });
      problems[filePath] = result.messages.map(({ line, ruleId, message }) => ({ line, ruleId, message }));
    }
    process.stdout.write(JSON.stringify(problems));
  `;
  const output = execFileSync(process.execPath, ["--input-type=module", "--eval", script], {
    cwd: UI,
    input: JSON.stringify(files),
    encoding: "utf8",
  });
  return JSON.parse(output) as Record<string, Problem[]>;
}

const FOCUSED = [
  'test.only("a", () => {});',
  'it.only("a", () => {});',
  'describe.only("a", () => {});',
  'test.describe.only("a", () => {});',
  'test.describe.serial.only("a", () => {});',
  'test.only.each([1])("a %i", () => {});',
  'fit("a", () => {});',
  'fdescribe("a", () => {});',
];
const SKIPPED = [
  'test.skip("a", () => {});',
  'it.skip("a", () => {});',
  'describe.skip("a", () => {});',
  'test.describe.skip("a", () => {});',
  'xit("a", () => {});',
  'xtest("a", () => {});',
  'xdescribe("a", () => {});',
  'test.fixme("a", () => {});',
  // Playwright's conditional forms, inside a test.
  'test("a", () => { test.skip(process.env.CI === undefined, "needs CI"); });',
  'test("a", () => { test.fixme(); });',
];

/** Each line's one problem: the rule and (part of) its message. */
const onEachLine = (lines: string[], says: string) =>
  lines.map((_, index) => ({ line: index + 1, ruleId: "no-restricted-syntax", message: expect.stringContaining(says) }));

describe("lint: every test runs (issue 34)", () => {
  test("focused and skipped tests fail lint, in jest's files and Playwright's, saying why", () => {
    const problems = lint({
      "src/lint-probe/focused.test.tsx": FOCUSED.join("\n"),
      "e2e/lint-probe-focused.spec.ts": FOCUSED.join("\n"),
      "src/lint-probe/skipped.test.ts": SKIPPED.join("\n"),
      "e2e/lint-probe-skipped.spec.ts": SKIPPED.join("\n"),
    });
    const focused = onEachLine(FOCUSED, "silently drops the rest of the suite");
    const skipped = onEachLine(SKIPPED, "is not done");
    expect(problems).toEqual({
      "src/lint-probe/focused.test.tsx": focused,
      "e2e/lint-probe-focused.spec.ts": focused,
      "src/lint-probe/skipped.test.ts": skipped,
      "e2e/lint-probe-skipped.spec.ts": skipped,
    });
  });

  test("tests that all run pass, whatever else is named only or skip", () => {
    const jestFile = [
      'describe("a", () => {',
      '  it.each([1, 2])("b %i", (n) => expect(n).toBeGreaterThan(0));',
      '  test("c", () => {',
      "    const options = { only: 1, skip: 0 };",
      "    expect(options.only + options.skip).toBe(1);",
      "  });",
      "});",
    ];
    const playwright = [
      'import { expect, test } from "@playwright/test";',
      'test.describe("a", () => {',
      '  test.describe.configure({ mode: "serial" });',
      '  test("b", async ({ page }) => {',
      "    test.slow();",
      '    await page.goto("/");',
      '    await expect(page.locator("main")).toBeVisible();',
      "  });",
      "});",
    ];
    expect(lint({ "src/lint-probe/clean.test.ts": jestFile.join("\n"), "e2e/lint-probe-clean.spec.ts": playwright.join("\n") })).toEqual({
      "src/lint-probe/clean.test.ts": [],
      "e2e/lint-probe-clean.spec.ts": [],
    });
  });
});

describe("lint: the layers import down (issue 37)", () => {
  const zone = (says: string) => ({ ruleId: "import-x/no-restricted-paths", message: expect.stringContaining(says) });
  const ruleIds = (problems: Problem[]) => problems.map(({ ruleId }) => ruleId);

  test("the platform, the API and the kit fail lint on an import from above them", () => {
    const problems = lint({
      "src/platform/lint-probe.ts": [
        'import { ModalHost } from "../app/ModalHost";',
        'import { Header } from "../chrome/Header";',
        'import { readCart } from "../shop/cartFlow";',
        "export const probe = [ModalHost, Header, readCart];",
      ].join("\n"),
      "src/api/lint-probe.ts": ['import { StartupGate } from "../app/StartupGate";', "export const probe = StartupGate;"].join("\n"),
      "src/ui/lint-probe.ts": [
        'import { apiBase } from "../platform/config";',
        'import { ApiError } from "../api/client";',
        'import { LocaleProvider } from "../i18n/LocaleProvider";',
        'import { renderMessage } from "../i18n/coreText";',
        'import { Button } from "./Button";',
        "export const probe = [apiBase, ApiError, LocaleProvider, renderMessage, Button];",
      ].join("\n"),
    });
    expect(problems["src/platform/lint-probe.ts"]).toEqual([1, 2, 3].map((line) => ({ line, ...zone("The platform imports nothing above it") })));
    expect(problems["src/api/lint-probe.ts"]).toEqual([{ line: 1, ...zone("The API imports nothing above the platform") }]);
    expect(problems["src/ui/lint-probe.ts"]).toEqual([
      { line: 1, ...zone("The kit imports only itself") },
      { line: 2, ...zone("The kit imports only itself") },
      { line: 3, ...zone("the provider reads the app's store") },
    ]);
  });

  test("what the layers may import passes", () => {
    const problems = lint({
      "src/platform/lint-probe.ts": [
        'import { api } from "../api/client";',
        'import { textDirection } from "../core/start";',
        'import { useAppStore } from "./store";',
        "export const probe = [api, textDirection, useAppStore];",
      ].join("\n"),
      "src/api/lint-probe.ts": ['import { useAppStore } from "../platform/store";', "export const probe = useAppStore;"].join("\n"),
    });
    expect(ruleIds(problems["src/platform/lint-probe.ts"] ?? [])).toEqual([]);
    expect(ruleIds(problems["src/api/lint-probe.ts"] ?? [])).toEqual([]);
  });
});
