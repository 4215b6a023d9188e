import { getEnv } from "@/server/env";
import { AppError } from "@/server/errors";
import { errorResponse } from "@/server/http/error-response";
import { resolveRequestId } from "@/server/http/request-id";

type Handler = (req: Request, context?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/**
 * The benchmark routes exist only for `npm run bench`, which starts the server with
 * BENCH_ROUTES=on. Everywhere else they answer 404 in the contract's error shape, like any
 * unknown path.
 */
export function benchRoutesEnabled(): boolean {
  return getEnv().BENCH_ROUTES === "on";
}

export function benchNotFound(req: Request): Response {
  const requestId = resolveRequestId(req.headers.get("x-request-id"));
  const response = errorResponse(
    new AppError("not_found", `No endpoint ${req.method} ${new URL(req.url).pathname}.`),
    requestId,
  );
  response.headers.set("x-request-id", requestId);
  return response;
}

/** Wraps a handler so it answers 404 unless bench routes are on; checked before authentication. */
export function benchOnly(handler: Handler): Handler {
  return (req, context) => (benchRoutesEnabled() ? handler(req, context) : Promise.resolve(benchNotFound(req)));
}

/** Other methods: 404 like any unknown path while bench routes are off, 405 while they are on. */
export async function benchOtherMethod(req: Request): Promise<Response> {
  if (!benchRoutesEnabled()) return benchNotFound(req);
  const requestId = resolveRequestId(req.headers.get("x-request-id"));
  const response = errorResponse(new AppError("method_not_allowed"), requestId);
  response.headers.set("x-request-id", requestId);
  response.headers.set("allow", "GET");
  return response;
}
