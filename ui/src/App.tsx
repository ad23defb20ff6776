import { useEffect } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { apiFailureText, connectApi } from "./api/client";
import { replayEarlyInput } from "./platform/earlyInput";
import { markAppCommitted, useHydrated } from "./platform/hydration";
import { runEffects } from "./platform/effects";
import { queryClient } from "./platform/queryClient";
import { StartupGate } from "./app/StartupGate";
import { CartSync } from "./features/cart/CartSync";
import { OfflineBanner } from "./features/offline/OfflineBanner";
import { LocaleProvider } from "./i18n/LocaleProvider";
import { AppRouter } from "./routes/AppRouter";
import { FailureText } from "./ui/failureText";

connectApi((effects) => runEffects(effects));

/**
 * Marks the document once React has adopted the page, or drawn its own: from then on the
 * page on screen is the app's (before it, the server's HTML takes no clicks or typing),
 * which the end-to-end tests wait for after each page load. Then the answers held for
 * the adoption are let in (`appCommitted`) and the taps held meanwhile are replayed,
 * after a frame, so that what the screens set up on mounting has rendered.
 *
 * Adopting is done once the render after the first commit is (`useHydrated`): React
 * adopts the parts in Suspense boundaries (the screen) after the first commit, and an
 * answer let in before them (the customer's name) would differ from what the server
 * drew there.
 */
function useMarkTakenOver(): void {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    document.documentElement.dataset.app = "ready";
    markAppCommitted();
    requestAnimationFrame(() => setTimeout(replayEarlyInput));
  }, [hydrated]);
}

export function App() {
  useMarkTakenOver();
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleProvider>
        {/* The kit's failure states show what a failed API call says. */}
        <FailureText.Provider value={apiFailureText}>
          <StartupGate>
            <AppRouter />
            <CartSync />
          </StartupGate>
          <OfflineBanner />
        </FailureText.Provider>
      </LocaleProvider>
    </QueryClientProvider>
  );
}
