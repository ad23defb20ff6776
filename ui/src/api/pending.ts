import type { Client } from "openapi-fetch";
import { api } from "./client";
import type { components, paths } from "./schema.gen";

/**
 * The calls of issue 36 item 5 and the account deletion, typed by hand from their
 * contract until the server's OpenAPI document describes them; then `schema.gen.ts`
 * has them and this module goes (`pendingApi` becomes `api`).
 */
type Schemas = components["schemas"];

/** A profile whose phone may not be verified yet (an e-mail registration). */
export type PhoneProfile = Omit<Schemas["Profile"], "mobile"> & { mobile: string | null };

interface Envelope<D> {
  data: D;
  message?: string | null;
}

interface Post<Request, Response> {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
  get?: never;
  put?: never;
  post: {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    requestBody: { content: { "application/json": Request } };
    responses: {
      200: { headers: Record<string, unknown>; content: { "application/json": Envelope<Response> } };
      default: { headers: Record<string, unknown>; content: { "application/json": Schemas["ErrorBody"] } };
    };
  };
  delete?: never;
  options?: never;
  head?: never;
  patch?: never;
  trace?: never;
}

type Channel = "sms" | "whatsapp";

interface PendingPaths {
  "/user/login": Post<{ email: string; password: string }, { token: string; user_exists: boolean }>;
  "/user/email/register-code": Post<{ email: string }, { email: string; expires_in: number; resend_after: number }>;
  "/user/register": Post<
    {
      name: string;
      email: string;
      code: string;
      password: string;
      password_confirmation: string;
      referral_code?: string | null;
      acceptTerms: boolean;
    },
    { token: string; user: PhoneProfile }
  >;
  "/user/phone/send-code": Post<{ mobile: string; channel: Channel }, { mobile: string; expires_in: number; resend_after: number }>;
  "/user/phone/verify": Post<{ mobile: string; channel: Channel; code: string }, PhoneProfile>;
  "/user/delete-account": Post<{ confirm: boolean }, null>;
}

/** The typed client with the contract's calls added. */
export const pendingApi = api as unknown as Client<paths & PendingPaths>;
