import { coreVersion, textDirection } from "storefront-core";

/** Foundation page: proves the WASM core runs in the browser. */
export function App() {
  return (
    <main>
      <h1>Storefront</h1>
      <p>
        Rules core <span data-testid="core-version">{coreVersion()}</span>; Arabic is written{" "}
        <span data-testid="ar-direction">{textDirection("ar")}</span>.
      </p>
    </main>
  );
}
