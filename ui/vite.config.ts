import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import wasm from "vite-plugin-wasm";

export default defineConfig({
  plugins: [wasm(), react()],
  build: {
    // Top-level await (the WASM module's initialisation) needs ES2022.
    target: "es2022",
    assetsInlineLimit: 0,
  },
  server: {
    // `npm run dev` talks to a static-host started by `./dev run`.
    proxy: { "/api": "http://127.0.0.1:8080" },
  },
});
