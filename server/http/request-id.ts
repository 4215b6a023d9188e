import { randomBase62 } from "../ids";

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echo a caller's X-Request-Id when it is safe to log and repeat; otherwise make one. */
export function resolveRequestId(incoming: string | null): string {
  if (incoming && VALID_REQUEST_ID.test(incoming)) return incoming;
  return `req_${randomBase62(20)}`;
}
