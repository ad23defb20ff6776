import { lazy, Suspense, useMemo } from "react";
import { restoreNeeded } from "../core/start";
import { useHydrated } from "../platform/hydration";
import { useAppStore } from "../platform/store";
import { withRestMessages } from "../i18n/messages";

// The modals with the sign-in flow and the whole core (and the rest of the catalogue),
// loaded when first needed.
const AuthModals = lazy(withRestMessages(() => import("./AuthModals")));

/**
 * The place of the sign-in and location modals in the layout. Nothing loads until a
 * modal opens, or while storage holds a sign-in step for the core to restore after a
 * reload (spec 4). Never part of the first render, so a page sent by the server hydrates
 * without them.
 */
export function ModalHost() {
  const hydrated = useHydrated();
  const modal = useAppStore((s) => s.modal);
  const remembered = useMemo(() => hydrated && restoreNeeded(), [hydrated]);
  if (!hydrated || (modal === null && !remembered)) return null;
  return (
    <Suspense fallback={null}>
      <AuthModals />
    </Suspense>
  );
}
