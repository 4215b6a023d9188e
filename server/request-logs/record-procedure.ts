import { getEnv } from "../env";
import { newId } from "../ids";
import { storableBody } from "./redact";
import { recordRequestLog } from "./writer";

/**
 * The dashboard's side of contract §16: a tRPC call by a member of an organization that failed, so
 * the error the dashboard shows links to its entry (issue 42). Calls that succeed are not recorded:
 * the log is the API's, and the dashboard's own reads and polls would bury it. The same redaction
 * and the same batched writer as the API's entries, so nothing here is awaited by the call. The
 * path is the procedure's own (`/api/trpc/members.invite`, whichever batch carried it), its route the
 * procedure's name. Returns the entry's id, or null when request logs are off.
 */
export function logFailedProcedure(input: {
  organizationId: string;
  userId: string;
  procedure: string;
  type: "query" | "mutation" | "subscription";
  input: unknown;
  status: number;
  errorCode: string;
  responseBody: unknown;
  startedAt: number;
  ip: string | null;
  userAgent: string | null;
}): string | null {
  if (getEnv().REQUEST_LOGS === "off") return null;
  const id = newId("req");
  recordRequestLog({
    organizationId: input.organizationId,
    id,
    clientRequestId: null,
    method: input.type === "query" ? "GET" : "POST",
    path: `/api/trpc/${input.procedure}`,
    route: input.procedure,
    status: input.status,
    durationMs: Math.max(0, Math.round(performance.now() - input.startedAt)),
    environment: null,
    apiKeyId: null,
    userId: input.userId,
    ip: input.ip,
    userAgent: input.userAgent,
    errorCode: input.errorCode,
    requestBody: storableBody(input.input),
    responseBody: storableBody(input.responseBody),
    createdAt: new Date().toISOString(),
  });
  return id;
}
