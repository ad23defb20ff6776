import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

/**
 * The shared component kit (`src/ui/`) is the only home of the dialog, the confirm
 * dialog, the fields, the price, the empty / failed / loading states and the skeletons.
 * These are the feature-folder modules they left; importing one of those paths again
 * (from another feature, or from inside the old feature) fails lint.
 */
const LEFT_FOR_THE_KIT = {
  catalogue: ["Price", "States", "Skeletons", "ConfirmDialog", "Skeleton.module.css", "Dialog.module.css"],
  account: ["ConfirmDialog", "ui"],
  auth: ["Dialog", "Field", "Dialog.module.css"],
};
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
  return ["error", { patterns }];
}

export default tseslint.config(
  { ignores: ["dist", "dist-ssr", "node_modules", "test-results", "playwright-report", "e2e-artifacts"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
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
  ...Object.keys(LEFT_FOR_THE_KIT).map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: { "no-restricted-imports": kitOnly(feature) },
  })),
);
