// The yardstick of `just bench-web`: the smallest Vite + React page, built in the same
// run with the same Vite and React, that the storefront's first load is compared to.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <h1>Hello</h1>
    </StrictMode>,
  );
}
