import {
  classifyStatus,
  clientErrorMessage,
  noResponseMessage,
  offlineMessage,
  responseErrorMessage,
  type StatusOutcome,
  type Text,
} from "storefront-core";

const body: Uint8Array = new TextEncoder().encode(JSON.stringify({ message: "The given data was invalid.", errors: { mobile: ["The mobile is invalid."] } }));

export function surfaceHttp(status: number, loginInProgress: boolean): string[] {
  const outcome: StatusOutcome = classifyStatus(status, loginInProgress);
  const logsOut: boolean = outcome === "log_out";
  const redirect: string | null = outcome === "not_found" ? "/404" : null;
  const texts: Text[] = [responseErrorMessage(422, body), noResponseMessage(), offlineMessage(), clientErrorMessage("Network Error")];
  return [outcome, String(logsOut), redirect ?? "", ...texts.map((text) => (text.kind === "server" ? text.text : text.id))];
}
