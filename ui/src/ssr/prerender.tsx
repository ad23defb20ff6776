import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import type { ClientState, Language } from "storefront-core";
import { Router } from "wouter";
import { App } from "../App";
import { productKey } from "../api/queries";
import { templateProduct } from "../features/catalogue/ProductPage";
import type { BootKind } from "../platform/boot";
import { queryClient } from "../platform/queryClient";
import { ServerPageContext } from "../platform/serverPage";
import { useAppStore } from "../platform/store";
import { loadMessages, loadRestMessages } from "../i18n/messages";
import { TemplateMode } from "../ui/template";
import * as start from "storefront-core/start";
import { provideStart } from "../core/start";
import { nothingStored } from "../core/storage";

// The core's start module, loaded by Node with the rest (a browser loads it on demand).
provideStart(start);

/**
 * Writes the pages static-host sends before any script runs (issue: first paint): the
 * app's own components, rendered in Node at build time in template mode, for every
 * language, kind of page and what the page-view cookie can say (signed in or not, a
 * district or not). static-host fills in the data per request (see `template.tsx` for
 * the context) and the client adopts the HTML (`main.tsx`).
 *
 * Built by `vite build --ssr` and run by `scripts/prerender.mjs`.
 */

const LANGUAGES: Language[] = ["en", "ar"];
const KINDS: BootKind[] = ["landing", "shell", "not_found", "product", "home", "cart"];

/** A path of each kind, for the router (the page itself comes from the kind). */
const PATHS: Record<BootKind, string> = {
  landing: "/",
  shell: "/home",
  home: "/home",
  not_found: "/not-found",
  product: "/products/1",
  cart: "/cart",
};

/** Only a signed-in customer with a district is shown the cart (the core's guard). */
function drawn(kind: BootKind, signedIn: boolean, hasDistrict: boolean): boolean {
  return kind !== "cart" || (signedIn && hasDistrict);
}

/** The key static-host picks a template by. */
export function templateKey(language: Language, kind: BootKind, signedIn: boolean, hasDistrict: boolean): string {
  return `${language}:${kind}:${signedIn ? 1 : 0}:${hasDistrict ? 1 : 0}`;
}

/** Storage as the cookie describes it: the values the templates depend on. */
function clientState(language: Language, signedIn: boolean, hasDistrict: boolean): ClientState {
  return { ...nothingStored, token: signedIn ? "template" : null, language, district_id: hasDistrict ? 1 : null };
}

async function render(kind: BootKind): Promise<string> {
  // The first pass loads the lazy screens; the second renders with all of them resolved,
  // so the HTML holds no boundary that a script completes later (the pages' policy allows
  // no inline script).
  await html(kind);
  return html(kind);
}

async function html(kind: BootKind): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <TemplateMode.Provider value={true}>
        <ServerPageContext.Provider value={{ kind, path: PATHS[kind] }}>
          <Router ssrPath={PATHS[kind]}>
            <App />
          </Router>
        </ServerPageContext.Provider>
      </TemplateMode.Provider>
    </StrictMode>,
    // Every boundary inline in the HTML: no segment that a script reveals later.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = "";
  for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
  return html;
}

/** Every template, by {@link templateKey}. */
export async function renderTemplates(kinds: readonly BootKind[] = KINDS): Promise<Record<string, string>> {
  // Every page in each language, so every message of both.
  await Promise.all(LANGUAGES.map(loadMessages));
  await loadRestMessages();
  const templates: Record<string, string> = {};
  for (const language of LANGUAGES) {
    for (const kind of kinds) {
      for (const signedIn of [false, true]) {
        for (const hasDistrict of [false, true]) {
          if (!drawn(kind, signedIn, hasDistrict)) continue;
          queryClient.clear();
          useAppStore.setState({
            client: clientState(language, signedIn, hasDistrict),
            language,
            startup: { started: true, loads_cart: false },
            modal: null,
            cartView: null,
            cartShop: null,
            toasts: [],
          });
          // A product's page reads its product where the app keeps it: the template's.
          if (kind === "product") {
            queryClient.setQueryData(productKey(language, [hasDistrict ? 1 : null, null], 1), templateProduct());
          }
          templates[templateKey(language, kind, signedIn, hasDistrict)] = await render(kind);
        }
      }
    }
  }
  // The app's cache keeps each query for its gcTime (5 minutes) on a timer, which would
  // hold the build's Node process open that long after the last page.
  queryClient.clear();
  return templates;
}
