import { getEnv } from "../env";
import { newId } from "../ids";
import { clientIp } from "../http/client-ip";
import { isValidRequestId } from "../http/request-id";
import { storableBody } from "./redact";
import { recordRequestLog } from "./writer";

interface Caller {
  kind: "user" | "apiKey";
  organizationId: string;
  userId?: string;
  keyId?: string;
  environment?: "live" | "test";
}

/**
 * contract §16: one /api/v1 request of an organization for its request log. Called once the
 * response is built; the response body is read from a copy, asynchronously, and the entry goes to
 * the batched writer: nothing here is awaited by the request. Requests no organization can be named
 * for (no or an unknown credential) are not logged: there is nobody to show them to.
 */
export function logRequest(input: {
  req: Request;
  caller: Caller | null;
  requestId: string;
  route: string;
  requestBody: unknown;
  response: Response;
  startedAt: number;
}): void {
  const { req, caller, response } = input;
  if (!caller || getEnv().REQUEST_LOGS === "off") return;
  const durationMs = Math.max(0, Math.round(performance.now() - input.startedAt));
  const incoming = req.headers.get("x-request-id");
  // A client's own id is kept beside the service's, which is unique and time-ordered.
  const echoed = isValidRequestId(incoming) && incoming === input.requestId;
  const url = new URL(req.url);
  const base = {
    organizationId: caller.organizationId,
    id: echoed ? newId("req") : input.requestId,
    clientRequestId: echoed ? incoming : null,
    method: req.method,
    path: url.pathname,
    route: input.route,
    status: response.status,
    durationMs,
    environment: caller.kind === "apiKey" ? (caller.environment ?? null) : null,
    apiKeyId: caller.kind === "apiKey" ? (caller.keyId ?? null) : null,
    userId: caller.kind === "user" ? (caller.userId ?? null) : null,
    ip: clientIp(req),
    userAgent: req.headers.get("user-agent"),
    createdAt: new Date().toISOString(),
    requestBody: storableBody(input.requestBody ?? (url.search ? Object.fromEntries(url.searchParams) : null)),
  };
  const json = (response.headers.get("content-type") ?? "").includes("json");
  if (!json || !response.body) {
    recordRequestLog({ ...base, errorCode: null, responseBody: null });
    return;
  }
  void response
    .clone()
    .text()
    .then((text) => {
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      const errorCode = (parsed as { error?: { code?: unknown } } | null)?.error?.code;
      recordRequestLog({
        ...base,
        errorCode: response.status >= 400 && typeof errorCode === "string" ? errorCode : null,
        responseBody: storableBody(parsed, { dropBodies: req.method === "GET" }),
      });
    })
    .catch(() => recordRequestLog({ ...base, errorCode: null, responseBody: null }));
}
