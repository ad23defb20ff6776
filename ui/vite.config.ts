import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import wasm from "vite-plugin-wasm";

/**
 * The WASM core is fetched by the entry chunk's top-level await, i.e. only once that
 * chunk has arrived and run. A preload link starts its download with the HTML instead.
 * (`crossorigin` matches the mode of the fetch() that instantiates it, so the browser
 * reuses the preloaded response.)
 */
function preloadWasm(): Plugin {
  return {
    name: "storefront:preload-wasm",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        return Object.keys(context.bundle ?? {})
          .filter((file) => file.endsWith(".wasm"))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "preload", href: `/${file}`, as: "fetch", type: "application/wasm", crossorigin: "" },
            injectTo: "head" as const,
          }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    wasm(),
    react(),
    preloadWasm(),
    // The service worker (src/service-worker/sw.ts) with the build's precache manifest.
    // Registered by the app itself (features/offline); the manifest comes from the API.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/service-worker",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{html,js,css,wasm,svg}"],
        // The map loads only when the picker opens; it is cached then (CacheFirst).
        globIgnores: ["**/mapbox-gl-*", "map/**"],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
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
