import { QueryClientProvider } from "@tanstack/react-query";
import { connectApi } from "./api/client";
import { runEffects } from "./app/effects";
import { queryClient } from "./app/queryClient";
import { StartupGate } from "./app/StartupGate";
import { CartSync } from "./features/cart/CartSync";
import { OfflineBanner } from "./features/offline/OfflineBanner";
import { LocaleProvider } from "./i18n/LocaleProvider";
import { AppRouter } from "./routes/AppRouter";

connectApi((effects) => runEffects(effects));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleProvider>
        <StartupGate>
          <AppRouter />
          <CartSync />
        </StartupGate>
        <OfflineBanner />
      </LocaleProvider>
    </QueryClientProvider>
  );
}
