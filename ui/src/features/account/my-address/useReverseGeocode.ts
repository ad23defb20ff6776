import { useCallback, useEffect, useRef, useState } from "react";
import type { GeoPoint } from "storefront-core";
import { api, unwrap } from "../../../api/client";
import type { ReverseGeocode } from "./addressForm";

export type GeocodeState = "idle" | "loading" | "failed";

/**
 * The address of the pin, from the API's reverse geocoding (`GET /map/reverse`, offline
 * like map search). `locate(point)` asks for it and hands the answer to `onAnswer`; only
 * the last pin's answer counts (an earlier one arriving late is dropped), and none after
 * the form has closed. A failure only changes the state: the form says so once, politely,
 * and its fields stay as they were.
 */
export function useReverseGeocode(onAnswer: (answer: ReverseGeocode) => void) {
  const [state, setState] = useState<GeocodeState>("idle");
  const latest = useRef(0);
  const answer = useRef(onAnswer);
  useEffect(() => {
    answer.current = onAnswer;
  });
  // Answers still on their way once the form is gone reach no one.
  useEffect(
    () => () => {
      latest.current += 1;
    },
    [],
  );

  const locate = useCallback((point: GeoPoint) => {
    const ask = ++latest.current;
    setState("loading");
    unwrap(api.GET("/map/reverse", { params: { query: { latitude: point.latitude, longitude: point.longitude } } })).then(
      (body) => {
        if (ask !== latest.current) return;
        setState("idle");
        answer.current(body.data);
      },
      (error: unknown) => {
        if (ask !== latest.current) return;
        console.warn("reverse geocoding failed", error);
        setState("failed");
      },
    );
  }, []);

  return { state, locate };
}
