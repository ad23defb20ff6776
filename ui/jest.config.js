// Unit tests run the real WASM core: `storefront-core` resolves to its Node.js
// build through the package's `exports` ("node" condition).
/** @type {import('jest').Config} */
const config = {
  testEnvironment: "node",
  roots: ["<rootDir>/src"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  transform: {
    "^.+\\.(t|j)sx?$": [
      "@swc/jest",
      { jsc: { parser: { syntax: "typescript", tsx: true }, transform: { react: { runtime: "automatic" } } } },
    ],
  },
  moduleNameMapper: { "\\.(css)$": "<rootDir>/src/test/styleMock.ts" },
};

export default config;
