import { z } from "zod";
import type { ZodOpenApiResponseObject } from "zod-openapi";
import { errorBodySchema, type ErrorBody } from "@/schemas/common";
import { AppError, ERROR_STATUS, type ErrorCode } from "../errors";
import { ERROR_REFERENCE_PATH } from "../http/error-doc-url.mjs";
import { rateLimitHeaders, requestIdHeader, retryAfterHeader, wwwAuthenticateHeader } from "./headers";

const STATUS_TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

const EXAMPLE_REQUEST_ID = "req_4f9KQ2mXbT7sLpV1aZ0c";

function exampleBody(code: ErrorCode): ErrorBody {
  // The server's own default message for the code, so the examples cannot drift from the code.
  const { message } = code === "invalid_request" ? { message: "The request body is not valid." } : new AppError(code);
  return {
    error: {
      code,
      message,
      requestId: EXAMPLE_REQUEST_ID,
      docUrl: `https://api.signalgate.example${ERROR_REFERENCE_PATH}#${code}`,
      ...(code === "invalid_request" ? { details: [{ path: "messages.3.to", message: "Required" }] } : {}),
    },
  };
}

function headersFor(status: number) {
  if (status === 401) return z.object({ "X-Request-Id": requestIdHeader, "WWW-Authenticate": wwwAuthenticateHeader });
  if (status === 503) return z.object({ "X-Request-Id": requestIdHeader, "Retry-After": retryAfterHeader });
  if (status === 429)
    return z.object({ "X-Request-Id": requestIdHeader, "Retry-After": retryAfterHeader, ...rateLimitHeaders });
  return z.object({ "X-Request-Id": requestIdHeader });
}

/**
 * The error responses of an operation, from the error codes it can answer with (contract.md §1).
 * Codes are grouped by the status that server/errors.ts ERROR_STATUS gives them, so the document
 * and the server cannot disagree on a status; the description lists each code with its message.
 * `internal_error` is always included.
 *
 *   responses: { "200": ok, ...errors("invalid_request", "unauthenticated", "rate_limited") }
 */
export function errors(...codes: ErrorCode[]): Record<string, ZodOpenApiResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set<ErrorCode>([...codes, "internal_error"])) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const statusCodes = byStatus.get(status) ?? [];
    // The description names every code with its message, so one example body per status suffices.
    const list = statusCodes
      .map((c) => `- [\`${c}\`](${ERROR_REFERENCE_PATH}#${c}): ${exampleBody(c).error.message}`)
      .join("\n");
    responses[String(status)] = {
      description: `${STATUS_TITLES[status] ?? "Error"}. \`error.code\` is one of:\n\n${list}`,
      headers: headersFor(status),
      content: {
        "application/json": { schema: errorBodySchema, example: exampleBody(statusCodes[0] ?? "internal_error") },
      },
    };
  }
  return responses;
}
