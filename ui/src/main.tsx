import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { useAppStore } from "./app/store";
import { registerServiceWorker } from "./features/offline/registerServiceWorker";
import { loadMessages } from "./i18n/messages";
import "./styles/tokens.css";

// A reader who chose Arabic gets the Arabic catalogue before the first paint.
await loadMessages(useAppStore.getState().language);

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

registerServiceWorker();
