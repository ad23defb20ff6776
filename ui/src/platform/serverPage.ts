import { createContext, useContext } from "react";
import type { BootKind } from "./boot";

/**
 * The page the server sent, while React adopts its HTML: the kind it rendered and the
 * path it rendered it for. The router renders exactly that during hydration (and the
 * page templates are written from it), then takes over with its own decisions.
 */
export interface ServerPage {
  kind: BootKind;
  path: string;
}

export const ServerPageContext = createContext<ServerPage | null>(null);

export function useServerPage(): ServerPage | null {
  return useContext(ServerPageContext);
}

/**
 * True while the router keeps showing the page the server sent: while React adopts it,
 * and while a signed-in customer's startup runs. A screen shows only what the server
 * could write meanwhile (no amounts in the browser's formatting, no purchase box before
 * the customer's cart is known).
 */
export const ServerPageHeld = createContext(false);

export function useServerPageHeld(): boolean {
  return useContext(ServerPageHeld);
}
