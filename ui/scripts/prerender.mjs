// Writes dist/ssr/pages.json, the page templates static-host fills in and sends before
// any script runs (see src/ssr/prerender.tsx). Runs after `vite build` (the client) and
// `vite build --ssr src/ssr/prerender.tsx --outDir dist-ssr` (the renderer).
//
//   node scripts/prerender.mjs
import { mkdirSync, writeFileSync } from "node:fs";
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
mkdirSync(`${ui}/dist/ssr`, { recursive: true });
writeFileSync(`${ui}/dist/ssr/pages.json`, JSON.stringify({ templates }));
const sizes = Object.values(templates).map((html) => html.length);
console.log(`prerendered ${sizes.length} page templates (${Math.min(...sizes)}–${Math.max(...sizes)} bytes)`);
