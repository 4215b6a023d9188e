import { AppError, isAppError, serviceUnavailable } from "../errors";
import { isDatabaseUnavailable } from "../db/unavailable";
import { logger } from "../logger";
import { errorDocUrl } from "./error-doc-url.mjs";

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    requestId: string;
    /** The code's entry in the error reference (contract §16). */
    docUrl: string;
    details?: { path: string; message: string }[];
  };
}

/**
 * The one error mapper of the REST API. AppErrors keep their code and status; anything else is a
 * bug and becomes a plain 500 whose body reveals nothing (the cause is logged with the request id),
 * except an unreachable database: 503 `service_unavailable` with Retry-After (contract §12).
 */
export function errorResponse(err: unknown, requestId: string): Response {
  const unavailable = !isAppError(err) && isDatabaseUnavailable(err);
  const appError = isAppError(err) ? err : unavailable ? serviceUnavailable(err) : new AppError("internal_error");
  if (unavailable) {
    logger.warn("database unavailable", { requestId, error: err instanceof Error ? err.message : String(err) });
  } else if (!isAppError(err)) {
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
      docUrl: errorDocUrl(appError.code),
      ...(appError.details ? { details: appError.details } : {}),
    },
  };
  const headers = new Headers({ "content-type": "application/json", ...appError.headers });
  if (appError.status === 401) headers.set("www-authenticate", `Bearer error="${appError.code}"`);
  return new Response(JSON.stringify(body), { status: appError.status, headers });
}
