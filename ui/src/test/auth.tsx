import { remoteConfigData } from "./documents";
import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { IntlProvider } from "react-intl";
import { configure, render, screen, waitFor } from "@testing-library/react";
import { fieldErrors, responseErrorMessage, type Language } from "storefront-core";
import { ApiError, apiFailureText } from "../api/client";
import { queryClient } from "../platform/queryClient";
import { useAppStore } from "../platform/store";
import { intlLocale } from "../i18n/intlLocale";
import { allMessages } from "../i18n/testing";
import { FailureText } from "../ui/failureText";

// Modals load lazily and the WASM core is real: allow a busy machine some time.
configure({ asyncUtilTimeout: 5_000 });

/** The reference API's remote config, as the tests of these features need it. */
export const remoteConfig = remoteConfigData;

/** Puts a remote config in the query cache for the page language (no fetch). */
export function seedRemoteConfig(language: Language = "en", overrides: Parameters<typeof remoteConfigData>[0] = {}): void {
  queryClient.setQueryData(["remote-config", language], remoteConfig(overrides));
}

/** Renders with the app's query cache and the real message catalogues. */
export function renderWithApp(ui: ReactNode, language: Language = "en") {
  useAppStore.getState().setLanguage(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <IntlProvider locale={intlLocale(language)} messages={allMessages[language]} defaultLocale="en">
        <FailureText.Provider value={apiFailureText}>{children}</FailureText.Provider>
      </IntlProvider>
    </QueryClientProvider>
  );
  return render(ui, { wrapper });
}

/** A successful openapi-fetch answer. */
export function answer<T>(data: T) {
  return Promise.resolve({ data, response: { status: 200 } as Response });
}

/**
 * The code step's resend row (spec 4): 'Wait 60 seconds before resending!' counting
 * down while the button is disabled, then the button enabled. `advance` moves the
 * flow's clock.
 */
export async function expectResendCountdown(resend: HTMLButtonElement, advance: (ms: number) => void): Promise<void> {
  expect(resend.disabled).toBe(true);
  expect(screen.getByTestId("resend-wait").textContent).toBe("Wait 60 seconds before resending!");
  advance(30_500);
  await waitFor(() => expect(screen.getByTestId("resend-wait").textContent).toBe("Wait 30 seconds before resending!"));
  expect(resend.disabled).toBe(true);
  advance(29_500);
  await waitFor(() => expect(screen.queryByTestId("resend-wait")).toBeNull());
  expect(resend.disabled).toBe(false);
}

/** A refused call as the client throws it: the API's error body read by the core (spec 8). */
export function apiError(status: number, body: unknown): ApiError {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  return new ApiError(status, responseErrorMessage(status, bytes), fieldErrors(status, bytes));
}
