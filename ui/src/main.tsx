import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { ClientState, Language } from "storefront-core";
import { App } from "./App";
import { readBoot, type Boot } from "./app/boot";
import { queryClient } from "./app/queryClient";
import { seedServerData } from "./app/seed";
import { ServerPageContext, type ServerPage } from "./app/serverPage";
import { runStartupPlan } from "./app/StartupGate";
import { useAppStore } from "./app/store";
import { mirrorViewCookie } from "./app/viewCookie";
import { askForCartEarly } from "./shop/cartEarly";
import { registerServiceWorker } from "./features/offline/registerServiceWorker";
import { loadMessages } from "./i18n/messages";
import { loadServerScreen } from "./routes/screens";
import "./styles/tokens.css";

const boot = readBoot();
const store = useAppStore.getState();

// A reader who chose Arabic gets the Arabic catalogue before the first paint.
await loadMessages(store.language);

// The API answers the server sent with the page; a guest's startup can then be planned
// before the first render, so the first render is the page itself.
if (boot?.remote_config && store.client.token === null) runStartupPlan(boot.remote_config, undefined);
if (boot) {
  const { client, language } = useAppStore.getState();
  seedServerData(boot, queryClient, language, [client.district_id, client.address_id]);
}
mirrorViewCookie();
askForCartEarly(queryClient, globalThis.location.pathname + globalThis.location.search);

/**
 * Whether the server rendered the page this browser would render: same path, language,
 * sign-in state, district and service (the page-view cookie can be stale: storage
 * cleared, another tab). Then React adopts the server's HTML; otherwise it renders anew.
 */
function rendersAsServer(boot: Boot, client: ClientState, language: Language): boolean {
  const here = globalThis.location.pathname + globalThis.location.search;
  return (
    boot.path === here &&
    boot.language === language &&
    boot.view.signed_in === (client.token !== null) &&
    boot.view.district_id === client.district_id &&
    boot.view.service_id === client.selected_service
  );
}

const root = document.getElementById("root");
if (root) {
  const { client, language } = useAppStore.getState();
  const server: ServerPage | null =
    boot && rendersAsServer(boot, client, language) ? { kind: boot.kind, path: boot.path } : null;
  const app = (
    <StrictMode>
      <ServerPageContext.Provider value={server}>
        <App />
      </ServerPageContext.Provider>
    </StrictMode>
  );
  // Rendering anew keeps the server's page on screen until React's first commit.
  // Not awaited: the screen's chunk imports this one, which must finish evaluating first.
  if (server) void loadServerScreen(server.kind).then(() => hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void registerServiceWorker();
