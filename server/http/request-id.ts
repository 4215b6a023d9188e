import { newId } from "../ids";

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Whether a caller's X-Request-Id is safe to log and repeat. */
export function isValidRequestId(incoming: string | null): incoming is string {
  return incoming !== null && VALID_REQUEST_ID.test(incoming);
}

/**
 * Echo a caller's X-Request-Id when it is safe to log and repeat; otherwise make one. Made ids
 * begin with their creation time (server/ids.ts), like every other id: the request log is keyed and
 * partitioned by them.
 */
export function resolveRequestId(incoming: string | null): string {
  return isValidRequestId(incoming) ? incoming : newId("req");
}
