import { fileURLToPath } from "node:url";
import { parse } from "@formatjs/icu-messageformat-parser";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import wasm from "vite-plugin-wasm";
import { pick } from "./src/i18n/parts";

/** The core package's data (message texts, layout tables), as files of this build. */
const CORE_DATA = fileURLToPath(new URL("../pkg/data/", import.meta.url));

/**
 * The message catalogues (the UI's `i18n/{en,ar}.json` and the core's
 * `data/messages.{en,ar}.json`) are shipped parsed: each ICU message as formatjs's AST,
 * so react-intl runs without its message parser (aliased away below) and no page pays
 * for parsing its strings. A message that does not parse fails the build. A UI catalogue
 * imported as `en.json?start` or `en.json?rest` is that part of it (`src/i18n/parts.ts`).
 */
function precompiledMessages(): Plugin {
  const catalogue = /[/\\](i18n[/\\](en|ar)|data[/\\]messages\.(en|ar))\.json$/;
  return {
    name: "storefront:precompiled-messages",
    enforce: "pre",
    transform(code, id) {
      const [file = "", query] = id.split("?");
      if (!catalogue.test(file)) return null;
      let messages = JSON.parse(code) as Record<string, string>;
      if (query === "start" || query === "rest") messages = pick(messages, query);
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, parse(message, { shouldParseSkeletons: true })]),
      );
      // Still JSON (also with a query, which hides the extension): Vite's JSON plugin turns
      // it into a module as usual.
      return { code: JSON.stringify(compiled), map: null, moduleType: "json" };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    precompiledMessages(),
    // The SSR build (the page templates, `src/ssr/`) runs the core's Node build instead.
    ...(isSsrBuild ? [] : [wasm()]),
    react(),
    // The service worker (src/service-worker/sw.ts) with the build's precache manifest.
    // Registered by the app itself (features/offline); the manifest comes from the API.
    ...(isSsrBuild
      ? []
      : [
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
              globIgnores: ["**/mapbox-gl-*", "map/**", "ssr/**"],
              maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
            },
          }),
        ]),
  ],
  resolve: {
    alias: [
      // Messages arrive parsed (see precompiledMessages), so the parser is not shipped.
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: "@formatjs/icu-messageformat-parser/no-parser.js" },
      // The core's JSON data is bundled like the app's own (also in the SSR build).
      { find: /^storefront-core\/data\/(.*)$/, replacement: `${CORE_DATA}$1` },
    ],
  },
  ssr: {
    // The page templates run the core's Node build (the package is linked from ../pkg,
    // which Vite would otherwise bundle as source).
    external: ["storefront-core"],
  },
  build: {
    // Top-level await (the WASM module's initialisation) needs ES2022.
    target: "es2022",
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: which files each screen loads (scripts/prerender.mjs
    // gives static-host the list per route, to ask for them with the page).
    manifest: !isSsrBuild,
    rolldownOptions: {
      output: {
        // Everything the first page needs in one chunk (and one stylesheet): over HTTP/1.1
        // twenty small shared chunks queue on six connections ahead of the stylesheets.
        // The screens' shared catalogue parts (cards, lists, states, prices) in one chunk and
        // one stylesheet too: /home asked for a dozen small files of them, its first paint
        // waiting on their stylesheets.
        codeSplitting: isSsrBuild
          ? undefined
          : {
              groups: [
                { name: "start", tags: ["$initial"], priority: 2 },
                // vite-plugin-wasm's loader and the CoreError class, which every module of the
                // core imports: on their own, or they join the first shared chunk that has
                // them (the cart's, whose import would bring the cart's WASM with the start's).
                { name: "wasm-loader", test: /vite-plugin-wasm-helper|[\\/]pkg[\\/]core-error\./, priority: 3 },
                // The catalogue's screens, the shop's shared parts and the kit pieces they
                // show. Not the parts that run the cart's or the whole core (its WASM would
                // then load with every screen: /home must stay within the start module),
                // such as the review form, which loads when it opens, and the phone
                // verification of checkout and the profile.
                {
                  name: "catalogue",
                  test: /[\\/]src[\\/](features[\\/]catalogue[\\/](?!(PriceRange|filters|ProductPurchase|BranchPage)\.)|shop[\\/](?!(cartFlow|useCart|CartTotals|locationPicker|reviews[\\/]ReviewDialog|reviews[\\/]StarInput|phone[\\/]VerifyPhoneBox)\.)|ui[\\/](Price|States|Skeletons|ConfirmDialog|Dialog|Button|LazyImage|modal)\.)/,
                  minShareCount: 2,
                  priority: 1,
                },
                // What the cart and checkout screens share and runs the cart's part of the
                // core: one chunk and one stylesheet, loaded with that part of the core.
                {
                  name: "cart",
                  test: /[\\/]src[\\/](shop[\\/](cartFlow|useCart|CartTotals)|ui[\\/]QuantityStepper)\./,
                  minShareCount: 2,
                  priority: 1,
                },
              ],
            },
      },
    },
  },
  server: {
    // `./dev dev` starts a static-host for the API on STOREFRONT_ADDR (as `./dev run` does);
    // `/session` is its credential cookie (platform/credentialCookie.ts).
    proxy: Object.fromEntries(["/api", "/session"].map((path) => [path, `http://${process.env.STOREFRONT_ADDR ?? "127.0.0.1:8080"}`])),
  },
}));
