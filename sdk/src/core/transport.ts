import type { HttpRequest, HttpResponse } from "./http.js";
import type { StreamRequest } from "./open-stream.js";

/** How resources reach the API, by the credential an endpoint takes. */
export interface Transport {
  /** An API key endpoint (SMS, OTP, contacts, analytics). */
  apiKey<T>(req: HttpRequest): Promise<HttpResponse<T>>;
  /** A management endpoint (access token, renewed as needed). */
  token<T>(req: HttpRequest): Promise<HttpResponse<T>>;
  /** An endpoint that takes either: the API key when the client has one. */
  any<T>(req: HttpRequest): Promise<HttpResponse<T>>;
  /** No credential (registration). */
  none<T>(req: HttpRequest): Promise<HttpResponse<T>>;
  /** A streamed answer (Server-Sent Events) with the credential `any` would use; the body is left unread. */
  open(req: StreamRequest): Promise<Response>;
  /** A fresh Idempotency-Key (UUID) for a send that was given none. */
  idempotencyKey(given: string | undefined): string;
}

export async function data<T>(res: Promise<HttpResponse<T>>): Promise<T> {
  return (await res).data;
}
