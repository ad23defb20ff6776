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
