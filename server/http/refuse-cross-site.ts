import { AppError } from "../errors";
import { getEnv } from "../env";
import { errorResponse } from "./error-response";
import { resolveRequestId } from "./request-id";
import { isCrossSiteRequest } from "./security-headers";

/** 403 `forbidden` in the contract's error shape, for a request isCrossSiteRequest() caught. */
export function refuseCrossSite(req: Request): Response {
  const requestId = resolveRequestId(req.headers.get("x-request-id"));
  const response = errorResponse(new AppError("forbidden", "Cross-site requests are not accepted."), requestId);
  response.headers.set("x-request-id", requestId);
  return response;
}

/**
 * For handlers that act on the session cookie (tRPC): a request another site's page made the
 * browser send is refused before the handler runs; same-origin and cookie-less clients pass.
 */
export function sameSiteOnly(handler: (req: Request) => Promise<Response>): (req: Request) => Promise<Response> {
  return async (req) =>
    isCrossSiteRequest(req.headers, { trustProxy: getEnv().TRUST_PROXY }) ? refuseCrossSite(req) : handler(req);
}
