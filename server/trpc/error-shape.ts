import type { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { z, ZodError } from "zod";
import { AppError, zodIssuesCode, type ErrorCode } from "../errors";
import { errorDocUrl } from "../http/error-doc-url.mjs";

/** tRPC's own refusals (no AppError behind them) under the code the REST API gives the same fault. */
const CODE_OF_TRPC_ERROR: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  PARSE_ERROR: "invalid_request",
  BAD_REQUEST: "invalid_request",
  UNAUTHORIZED: "unauthenticated",
  FORBIDDEN: "forbidden",
  NOT_FOUND: "not_found",
  METHOD_NOT_SUPPORTED: "method_not_allowed",
  PAYLOAD_TOO_LARGE: "payload_too_large",
  UNSUPPORTED_MEDIA_TYPE: "unsupported_media_type",
  TOO_MANY_REQUESTS: "rate_limited",
  SERVICE_UNAVAILABLE: "service_unavailable",
};

/**
 * What the browser is told of a failed call (the errorFormatter's message and data) and what the
 * request log keeps of it. Every failure has a code, as on the REST API: the dashboard shows it, the
 * log is filtered by it, and its `docUrl` is the error reference's entry (contract §16).
 */
export function publicError(error: TRPCError) {
  const cause = error.cause;
  const appCode: ErrorCode =
    cause instanceof AppError
      ? cause.code
      : cause instanceof ZodError
        ? zodIssuesCode(cause.issues)
        : (CODE_OF_TRPC_ERROR[error.code] ?? "internal_error");
  return {
    // Internal errors never leak their message (SQL, stack details) to the browser.
    message:
      error.code === "INTERNAL_SERVER_ERROR" && !(cause instanceof AppError)
        ? "Something went wrong. Try again."
        : cause instanceof ZodError
          ? // tRPC's own message for an input error is the issues as JSON; forms read zodError instead.
            "Some fields are not valid."
          : error.message,
    appCode,
    docUrl: errorDocUrl(appCode),
    // Field errors for forms: `zodError.fieldErrors.email` etc.
    zodError: cause instanceof ZodError ? z.flattenError(cause) : null,
    // AppError details (e.g. `initialPassword` is required) in the same per-field shape.
    details: cause instanceof AppError ? (cause.details ?? null) : null,
  };
}
