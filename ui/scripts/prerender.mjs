// Writes dist/ssr/pages.json, the page templates static-host fills in and sends before
// any script runs (see src/ssr/prerender.tsx). Runs after `vite build` (the client) and
// `vite build --ssr src/ssr/prerender.tsx --outDir dist-ssr` (the renderer).
//
//   node scripts/prerender.mjs
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// React's production build, as the page runs.
process.env.NODE_ENV = "production";
const ui = fileURLToPath(new URL("..", import.meta.url));
const { renderTemplates } = await import(`${ui}/dist-ssr/prerender.js`);

/**
 * React escapes the text and attributes it writes, and Jinja's own tags are written as
 * text: inside `{{ … }}` and `{% … %}` the entities are put back (`&quot;` → `"`), so
 * the tags read as written in the components. (The data filled in later is escaped by
 * static-host.)
 */
function jinja(html) {
  const entities = { "&quot;": '"', "&#x27;": "'", "&amp;": "&", "&lt;": "<", "&gt;": ">" };
  return html.replace(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g, (tag) =>
    tag.replace(/&quot;|&#x27;|&amp;|&lt;|&gt;/g, (entity) => entities[entity]),
  );
}

/**
 * React puts resource hints for the images it renders (`<link rel="preload" as="image">`)
 * at the start of the stream, here inside the root: they are not the app's markup, and
 * the client's render would not find them where it hydrates. The images load as usual.
 */
function withoutHints(html) {
  return html.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, "");
}

const templates = await renderTemplates();
for (const key of Object.keys(templates)) {
  templates[key] = jinja(withoutHints(templates[key]));
  // The pages' policy allows no inline script: a template with one would break the page.
  if (/<script/i.test(templates[key])) throw new Error(`the template ${key} holds a script`);
}
/**
 * The files each route's screen loads beyond what every page loads (its chunks and their
 * imports, its stylesheets), from Vite's manifest: static-host asks for them with the page,
 * so the screen does not wait for the app to discover them. Not the core's WASM modules:
 * asked for with the page, their 60 to 150 KB shared a phone's first seconds with the
 * HTML and the stylesheets, and the server's page was painted later (Lighthouse's largest
 * paint on /cart: 3.0 s with them, 2.3 s without); the app asks for them as it starts.
 * Routes come from src/routes/screens.ts (`id: lazy(withRestMessages(() => import("../features/…")))`).
 */
function routeAssets() {
  const manifest = JSON.parse(readFileSync(`${ui}/dist/.vite/manifest.json`, "utf8"));
  const closure = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, seen);
    return seen;
  };
  // What every page already asks for: the files the built index.html names (the
  // manifest has no entry of its own once the entry is part of a codeSplitting group).
  const index = readFileSync(`${ui}/dist/index.html`, "utf8");
  const everyPage = new Set([...index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map(([, file]) => file));
  const fresh = (file) => !everyPage.has(file);
  const screens = readFileSync(`${ui}/src/routes/screens.ts`, "utf8");
  // A lazily loaded screen renders with the rest of the catalogue (src/i18n/messages.ts):
  // English's is asked for with the page too (an Arabic reader's page asks for a file it
  // does not use, as it did when the first chunk held all of English).
  const rest = manifest["src/i18n/en.json?rest"];
  if (!rest) throw new Error("the manifest has no src/i18n/en.json?rest");
  const routes = {};
  // The WASM modules each screen's chunks bring (checked below, not asked for early).
  const wasm = {};
  const lazies = [...screens.matchAll(/(\w+): lazy\(withRestMessages\(\(\) => import\("\.\.\/([^"]+)"\)\)\)/g)];
  // A change to how screens.ts names its screens must not silently drop every route's hints.
  if (lazies.length !== (screens.match(/: lazy\(/g) ?? []).length || lazies.length === 0) {
    throw new Error("src/routes/screens.ts: a lazily loaded screen this script does not read");
  }
  for (const [, id, path] of lazies) {
    const key = `src/${path}.tsx`;
    if (!manifest[key]) throw new Error(`the manifest has no ${key}`);
    const files = [...closure(key), "src/i18n/en.json?rest"].map((k) => manifest[k]);
    const unique = (list) => [...new Set(list)].filter(fresh).map((file) => `/${file}`);
    routes[id] = {
      scripts: unique(files.map((f) => f.file)),
      styles: unique(files.flatMap((f) => f.css ?? [])),
    };
    wasm[id] = unique(files.flatMap((f) => f.assets ?? []).filter((file) => file.endsWith(".wasm")));
  }
  // The core's start module, which the app imports itself (src/core/start.ts): its glue
  // chunk with what that imports. static-host asks for them with every page that runs it
  // at once (not a guest's landing page, which waits for the shopper).
  const start = manifest["../pkg/start/storefront_core.js"];
  if (!start) throw new Error("the manifest has no ../pkg/start/storefront_core.js (the core's start module)");
  const startFiles = [...closure("../pkg/start/storefront_core.js")].map((k) => manifest[k]);
  const core = { scripts: [...new Set(startFiles.map((f) => f.file))].filter(fresh).map((file) => `/${file}`), styles: [] };
  // Its chunks bring its own WASM and no other (a shared chunk that held the WASM loader
  // once brought the cart's module with it).
  const startWasm = startFiles.flatMap((f) => f.assets ?? []).filter((file) => file.endsWith(".wasm"));
  if (startWasm.length !== 1) throw new Error(`the start module's chunks bring ${startWasm.length} WASM modules, not 1: ${startWasm}`);
  // /home stays within the start module (issue: first paint): a chunk grouping that pulled
  // in a part running the cart's rules would bring the cart module's WASM with it.
  if (wasm.home?.length) throw new Error(`the home screen loads WASM beyond the start module: ${wasm.home}`);
  return { routes, core };
}

mkdirSync(`${ui}/dist/ssr`, { recursive: true });
writeFileSync(`${ui}/dist/ssr/pages.json`, JSON.stringify({ templates, ...routeAssets() }));
const sizes = Object.values(templates).map((html) => html.length);
console.log(`prerendered ${sizes.length} page templates (${Math.min(...sizes)}–${Math.max(...sizes)} bytes)`);
