import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import { readdirSync } from "node:fs";
import globals from "globals";

/**
 * The shell's structure: a feature (`src/features/<name>/`, one screen or flow of the
 * spec) imports the shell and its own folder, never another feature. What two features
 * share lives in the shell: `platform` (store, query client, config, boot, effect host),
 * `api` (calls, queries), `ui` (the component kit), `shop` (the cart's flow, the favourite
 * toggle, the catalogue's cards and queries), `chrome` (header, footer, bars), `i18n`,
 * `layouts` (page frames, the screens' props), `app` (startup gate, modals), `routes`.
 * Only `app`, `routes`, `layouts` and `chrome` put features together; the other shell
 * folders never import one.
 */
const FEATURES = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: "./src/features",
  except: [`./${feature}`],
  message: "A feature imports only the shell (api, app, ui, shop, chrome, i18n, layouts, routes) and its own folder.",
}));
const shellBoundaries = ["api", "platform", "ui", "shop", "i18n"].map((folder) => ({
  target: `./src/${folder}`,
  from: "./src/features",
  message: "Shared code does not import a feature: move what it needs into the shell.",
}));

/**
 * Layers (issue 37): imports point down. `platform` is the floor the shell stands on and
 * imports nothing above it; `api` imports nothing above the platform; the kit (`ui`) is
 * a leaf that knows no part of the app (what it needs of the app, such as the API's base
 * or what a failed call says, its caller passes in). Modules only: a test may drive the
 * layers above the one it tests.
 */
const ABOVE_PLATFORM = ["app", "features", "chrome", "shop", "routes", "layouts", "ssr", "App.tsx", "main.tsx"].map(
  (path) => `./src/${path}`,
);
const layerBoundaries = [
  {
    target: "./src/platform",
    from: ABOVE_PLATFORM,
    message: "The platform imports nothing above it (no app, feature, chrome, shop, routes, layouts or ssr).",
  },
  {
    target: "./src/api",
    from: ABOVE_PLATFORM,
    message: "The API imports nothing above the platform.",
  },
  {
    target: "./src/ui",
    from: "./src",
    except: ["./ui", "./i18n"],
    message: "The kit imports only itself, i18n and libraries: the caller passes in what it needs of the app.",
  },
  {
    // It reads the store: the kit renders texts with i18n/coreText.
    target: "./src/ui",
    from: "./src/i18n/LocaleProvider.tsx",
    message: "The kit takes its texts from i18n/coreText (the provider reads the app's store).",
  },
];
const TESTS = ["src/**/*.test.{ts,tsx}"];

/**
 * The shared component kit (`src/ui/`) is the only home of the dialog, the confirm
 * dialog, the fields, the price, the empty / failed / loading states and the skeletons.
 * These are the feature-folder modules they left; importing one of those paths again
 * (from another feature, or from inside the old feature) fails lint.
 */
const LEFT_FOR_THE_KIT = {
  catalogue: ["Price", "States", "Skeletons", "ConfirmDialog", "Skeleton.module.css", "Dialog.module.css"],
  account: ["ConfirmDialog", "ui"],
  auth: ["Dialog", "Field", "Dialog.module.css", "PhoneField", "PhoneField.module.css", "ResendRow"],
};
/** Zod is configured once (jitless, for the strict CSP) in src/ui/zod.ts. */
const ZOD = { name: "zod", message: "Import z from src/ui/zod: there Zod runs without eval, as the CSP requires." };
const KIT_MESSAGE = "Shared components live in the kit, src/ui/ (for example ../../ui/Price): import them from there.";
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const anyOf = (names) => `(${names.map(escapeRegex).join("|")})(\\.tsx?)?$`;

/** `no-restricted-imports` patterns for a file in feature `own` (or outside the features). */
function kitOnly(own) {
  const patterns = Object.entries(LEFT_FOR_THE_KIT).map(([feature, names]) => ({
    regex: `(^|/)${feature}/${anyOf(names)}`,
    message: KIT_MESSAGE,
  }));
  if (own) patterns.push({ regex: `^(\\./|(\\.\\./)+)${anyOf(LEFT_FOR_THE_KIT[own])}`, message: KIT_MESSAGE });
  return ["error", { patterns, paths: [ZOD] }];
}

/**
 * Every test runs (issue 34). A focused test (`test.only`, `it.only`, `describe.only`,
 * `test.describe.only`, `fit`, `fdescribe`) silently drops the rest of its file, or of
 * the Playwright run; a skipped one (`.skip`, `.fixme`, `xit`, `xtest`, `xdescribe`),
 * Playwright's conditional `test.skip(condition, reason)` inside a test included, is a
 * test that is not done and says so nowhere. Both fail lint in jest's and Playwright's
 * test files.
 */
const TEST_API = "/^(test|it|describe)$/";
/** `<test|it|describe>[.<anything>[.<anything>]].<name>`: `test.only`, `test.describe.only`, `test.describe.serial.only`… */
const testMember = (name) =>
  `MemberExpression[property.name=${name}]:matches([object.name=${TEST_API}], [object.object.name=${TEST_API}], [object.object.object.name=${TEST_API}])`;
/** `name(…)` and `name.each…`. */
const testGlobal = (names) => `:matches(CallExpression[callee.name=${names}], MemberExpression[object.name=${names}])`;
const FOCUSED =
  "A focused test (.only, fit, fdescribe) silently drops the rest of the suite: remove it before committing.";
const SKIPPED =
  "A skipped test (.skip, .fixme, xit, xtest, xdescribe) is not done, and says so nowhere: make it pass, or delete it.";
const focusedOrSkippedTests = [
  "error",
  { selector: testMember('"only"'), message: FOCUSED },
  { selector: testGlobal("/^(fit|fdescribe)$/"), message: FOCUSED },
  { selector: testMember("/^(skip|fixme)$/"), message: SKIPPED },
  { selector: testGlobal("/^(xit|xtest|xdescribe)$/"), message: SKIPPED },
];

export default tseslint.config(
  { ignores: ["dist", "dist-ssr", "node_modules", "test-results", "playwright-report", "e2e-artifacts"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    // Classic scripts the page loads as they are (public/): the browser's globals.
    files: ["public/**/*.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
  },
  {
    // CommonJS files jest loads by path (its custom environment).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "no-restricted-imports": kitOnly(null),
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // The modules an import leads to are read as TypeScript too (else a cycle through
      // them goes unseen).
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })],
    },
    rules: {
      // No import circle (type-only imports aside): each module can be read, tested and
      // loaded lazily on its own.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        { zones: [...featureBoundaries, ...shellBoundaries, ...layerBoundaries] },
      ],
    },
  },
  {
    files: TESTS,
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...featureBoundaries, ...shellBoundaries] }],
    },
  },
  {
    // jest's tests and Playwright's.
    files: ["src/**/*.test.{ts,tsx}", "e2e/**/*.ts"],
    rules: { "no-restricted-syntax": focusedOrSkippedTests },
  },
  {
    files: ["src/ui/zod.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  ...Object.keys(LEFT_FOR_THE_KIT).map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: { "no-restricted-imports": kitOnly(feature) },
  })),
);
