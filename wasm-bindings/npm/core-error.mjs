/**
 * The class of the errors the core throws. The WebAssembly side makes them as plain
 * `Error`s named "CoreError" with a `kind` (wasm-bindgen has no way to extend `Error`
 * without an inline JS snippet, which the Node build cannot load); this class is what
 * `instanceof` checks them against, and callers may throw their own.
 *
 * Made in a function marked pure, so that a bundle that never uses it drops it (a
 * class with a static member counts as a side effect to bundlers).
 */
export const CoreError = /* @__PURE__ */ (() =>
  class CoreError extends Error {
    constructor(kind, message) {
      super(message);
      this.name = "CoreError";
      this.kind = kind;
    }

    static [Symbol.hasInstance](value) {
      return value instanceof Error && value.name === "CoreError" && typeof value.kind === "string";
    }
  })();

/**
 * Whether a caught value is a `CoreError` (thrown by this package, or by a caller), of
 * `kind` when given. Plain JavaScript: it reads only the error's `name` and `kind`, so it
 * needs no WebAssembly, works before a module has loaded, and costs the modules nothing.
 */
export function isCoreError(error, kind) {
  return error instanceof CoreError && (kind === undefined || kind === null || error.kind === kind);
}
