import { createContext, useContext } from "react";
import type { Text } from "storefront-core";

/**
 * Reads what a failure says in the core's words, or null when it says nothing of its own.
 * The kit does not know the app's errors: the app provides the reader (the API's errors
 * carry the text the core read from the answer), and without one a failed load shows
 * the kit's own wording.
 */
export type FailureReader = (error: unknown) => Text | null;

export const FailureText = createContext<FailureReader>(() => null);

export function useFailureText(): FailureReader {
  return useContext(FailureText);
}
