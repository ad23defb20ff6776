// HTTP plumbing typed by the API's contract (`storefront-core/api`, generated from the
// server's OpenAPI document). What a status means and what a failed answer says are the
// core's rules (`classifyStatus`, `responseErrorMessage`, `fieldErrors`, `noResponseMessage`).
import {
  classifyStatus,
  fieldErrors,
  noResponseMessage,
  requestHeaders,
  responseErrorMessage,
  type Language,
} from "storefront-core";
import type { paths } from "storefront-core/api";
import { Failure } from "./shell.js";

type Method = "get" | "post" | "put" | "patch" | "delete";
/** Paths that have this method. */
type PathWith<M extends Method> = { [P in keyof paths]: paths[P][M] extends undefined ? never : P }[keyof paths];
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : never;
/** The JSON of a 200 or 201 answer. */
export type Answer<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: infer R } ? JsonOf<R[200 & keyof R]> | JsonOf<R[201 & keyof R]> : never;
type BodyOf<O> = O extends { requestBody: { content: { "application/json": infer B } } }
  ? B
  : O extends { requestBody?: { content: { "application/json": infer B } } }
    ? B
    : never;
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export interface CallOptions<P extends keyof paths, M extends Method> {
  query?: { [K in keyof QueryOf<Operation<P, M>>]?: QueryOf<Operation<P, M>>[K] | string };
  body?: BodyOf<Operation<P, M>>;
  /** The `Language` header (the shopper's language when left out). */
  language?: Language;
  /** Extra headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** A sign-in is under way: a 401 then is a failed step, not a logout (spec 8). */
  signingIn?: boolean;
}

export class Api {
  constructor(
    private readonly base: string,
    private readonly language: Language,
  ) {}

  /**
   * The headers of a call: `requestHeaders` builds them from what the flows stored (the
   * token, the district) through the package's storage model, which keeps them in
   * memory under Node (`storagePlace()` is "memory").
   */
  headers(language: Language): Headers {
    return new Headers(requestHeaders(language));
  }

  get<P extends PathWith<"get">>(path: P, options: CallOptions<P, "get"> = {}): Promise<Answer<P, "get">> {
    return this.call("get", path, options);
  }

  post<P extends PathWith<"post">>(path: P, options: CallOptions<P, "post"> = {}): Promise<Answer<P, "post">> {
    return this.call("post", path, options);
  }

  private async call<P extends keyof paths, M extends Method>(method: M, path: P, options: CallOptions<P, M>): Promise<Answer<P, M>> {
    const url = new URL(`api${path}`, this.base.endsWith("/") ? this.base : `${this.base}/`);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    const headers = this.headers(options.language ?? this.language);
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    let body: string | undefined;
    if (options.body !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(options.body);
    }
    let response: Response;
    try {
      response = await fetch(url, { method: method.toUpperCase(), headers, ...(body === undefined ? {} : { body }) });
    } catch {
      throw new Failure(noResponseMessage());
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (classifyStatus(response.status, options.signingIn ?? false) !== "success") {
      const fields = fieldErrors(response.status, bytes).map((error) => error.field);
      throw new Failure(responseErrorMessage(response.status, bytes), response.status, fields);
    }
    return JSON.parse(new TextDecoder().decode(bytes)) as Answer<P, M>;
  }
}
