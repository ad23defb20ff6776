// Unit tests run the real WASM core: `storefront-core` resolves to its Node.js
// build through the package's `exports` ("node" condition).
/** @type {import('jest').Config} */
const config = {
  // jsdom (with Node's TextEncoder, fetch, Request, Response) for every test.
  testEnvironment: "<rootDir>/src/test/jsdom-environment.cjs",
  roots: ["<rootDir>/src"],
  // The core's start module, in before each test file's modules (src/test/startCore.ts).
  setupFilesAfterEnv: ["<rootDir>/src/test/startCore.ts"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  transform: {
    "^.+\\.(t|j)sx?$": [
      "@swc/jest",
      { jsc: { parser: { syntax: "typescript", tsx: true }, transform: { react: { runtime: "automatic" } } } },
    ],
  },
  // These packages ship only ES modules; swc turns them into CommonJS for jest.
  transformIgnorePatterns: [
    "/node_modules/(?!(react-intl|@formatjs|intl-messageformat|wouter|regexparam|mitt|openapi-fetch)/)",
  ],
  moduleNameMapper: {
    "\\.(css)$": "<rootDir>/src/test/styleMock.ts",
    // The build splits a catalogue into its parts (vite.config.ts); tests get it whole.
    "^(.+\\.json)\\?(start|rest)$": "$1",
  },
};

export default config;
