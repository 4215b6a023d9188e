import type { ApiErrorCode, OperationErrorCodes } from "../generated/error-codes.js";

/** Codes of failures where no error answer came from the API. */
export type ClientErrorCode =
  /** The connection failed or dropped before an answer arrived. */
  | "connection_error"
  /** An attempt took longer than `timeout`. */
  | "timeout"
  /** The server answered with something that is not the API's error shape (a proxy's HTML page, say). */
  | "unexpected_response";

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * Every error the SDK throws for a failed call (except the caller's own abort, which rethrows the
 * signal's reason). `status` is the HTTP status, 0 when no answer arrived; `code` is the API's
 * `error.code` or one of the {@link ClientErrorCode}s.
 */
export class SignalGateError<Code extends string = ApiErrorCode | ClientErrorCode> extends Error {
  override readonly name = "SignalGateError";
  readonly status: number;
  readonly code: Code;
  /** The API's request id (`X-Request-Id`): quote it to support. */
  readonly requestId: string | undefined;
  /** Field errors of a 400 `invalid_request`. */
  readonly details: ErrorDetail[] | undefined;
  /**
   * The code's entry in the API's error reference (`…/docs/errors#<code>`): what it means and what
   * to do. Undefined for the {@link ClientErrorCode}s, which no answer came with.
   */
  readonly docUrl: string | undefined;
  /** The answer's headers, when there was one (`Retry-After`, `X-RateLimit-*`). */
  readonly headers: Headers | undefined;

  constructor(init: {
    status: number;
    code: Code;
    message: string;
    requestId?: string;
    details?: ErrorDetail[];
    docUrl?: string;
    headers?: Headers;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details;
    this.docUrl = init.docUrl;
    this.headers = init.headers;
  }
}

/**
 * Narrows an unknown error to a SignalGateError, typed with the codes `operation` can answer with:
 *
 *   catch (err) { if (isSignalGateError(err, "sendSms") && err.code === "invalid_phone_number") … }
 */
export function isSignalGateError<Op extends keyof OperationErrorCodes>(
  err: unknown,
  _operation?: Op,
): err is SignalGateError<Extract<OperationErrorCodes[Op][keyof OperationErrorCodes[Op]], string> | ClientErrorCode> {
  return err instanceof SignalGateError;
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; requestId?: unknown; details?: unknown; docUrl?: unknown };
}

/**
 * The SignalGateError for a non-2xx answer, from the API's error envelope when it has one. The
 * API sends `docUrl` as a path when it does not know its public URL: it is resolved against
 * `baseUrl`, the URL the client called.
 */
export async function errorFromResponse(res: Response, baseUrl?: string): Promise<SignalGateError> {
  const text = await res.text().catch(() => "");
  let body: ErrorBody | undefined;
  try {
    body = JSON.parse(text) as ErrorBody;
  } catch {
    body = undefined;
  }
  const requestId = res.headers.get("x-request-id") ?? undefined;
  const e = body?.error;
  if (e && typeof e.code === "string" && typeof e.message === "string") {
    return new SignalGateError({
      status: res.status,
      code: e.code as ApiErrorCode,
      message: e.message,
      requestId: typeof e.requestId === "string" ? e.requestId : requestId,
      details: Array.isArray(e.details) ? (e.details as ErrorDetail[]) : undefined,
      docUrl: typeof e.docUrl === "string" ? absoluteUrl(e.docUrl, baseUrl) : undefined,
      headers: res.headers,
    });
  }
  return new SignalGateError({
    status: res.status,
    code: "unexpected_response",
    message: `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ""}`,
    requestId,
    headers: res.headers,
  });
}

function absoluteUrl(url: string, baseUrl: string | undefined): string {
  try {
    return new URL(url, baseUrl).toString();
  } catch {
    return url;
  }
}
