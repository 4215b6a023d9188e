import { AppError, isAppError } from "../errors";
import { logger } from "../logger";

export interface ErrorBody {
  error: { code: string; message: string; requestId: string; details?: { path: string; message: string }[] };
}

/**
 * The one error mapper of the REST API. AppErrors keep their code and status; anything else is a
 * bug and becomes a plain 500 whose body reveals nothing (the cause is logged with the request id).
 */
export function errorResponse(err: unknown, requestId: string): Response {
  const appError = isAppError(err) ? err : new AppError("internal_error");
  if (!isAppError(err)) {
    logger.error("unhandled error", {
      requestId,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
  }
  const body: ErrorBody = {
    error: {
      code: appError.code,
      message: appError.message,
      requestId,
      ...(appError.details ? { details: appError.details } : {}),
    },
  };
  const headers = new Headers({ "content-type": "application/json", ...appError.headers });
  if (appError.status === 401) headers.set("www-authenticate", `Bearer error="${appError.code}"`);
  return new Response(JSON.stringify(body), { status: appError.status, headers });
}
