import { randomUUID } from "node:crypto";

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echo a caller's X-Request-Id when it is safe to log and repeat; otherwise make one. */
export function resolveRequestId(incoming: string | null): string {
  if (incoming && VALID_REQUEST_ID.test(incoming)) return incoming;
  // randomUUID draws from a pooled buffer: a fresh CSPRNG read per request showed in profiles.
  return `req_${randomUUID().replaceAll("-", "")}`;
}
