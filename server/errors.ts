/**
 * The one error class of the service and the one table that turns an error code into an HTTP
 * status (contract.md §1). Domain functions throw AppError; the REST wrapper and the tRPC error
 * formatter both read ERROR_STATUS, so no other code decides a status.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_phone_number: 400,
  url_not_allowed: 400,
  country_not_allowed: 400,
  recipient_opted_out: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  key_disabled: 401,
  key_expired: 401,
  token_expired: 401,
  wrong_credential_type: 401,
  refresh_token_reused: 401,
  mfa_required: 401,
  mfa_enrollment_required: 401,
  spending_limit_reached: 402,
  insufficient_scope: 403,
  ip_not_allowed: 403,
  forbidden: 403,
  suspected_fraud: 403,
  not_found: 404,
  method_not_allowed: 405,
  email_taken: 409,
  already_member: 409,
  limit_reached: 409,
  idempotency_in_progress: 409,
  delivery_in_progress: 409,
  webhook_disabled: 409,
  contact_exists: 409,
  number_taken: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  rate_limited: 429,
  too_many_streams: 429,
  internal_error: 500,
  provider_not_configured: 503,
  invalid_send_at: 400,
  not_cancelable: 409,
  service_unavailable: 503,
  invalid_token: 400,
  email_unverified: 403,
  campaign_not_editable: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  path: string;
  message: string;
}

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  invalid_request: "The request is not valid.",
  invalid_phone_number: "The phone number is not a valid E.164 number.",
  url_not_allowed: "That URL is not allowed as a webhook destination.",
  country_not_allowed: "The organization does not allow messages to this country.",
  recipient_opted_out: "The recipient has opted out of this organization's messages.",
  spending_limit_reached: "The organization's monthly spend limit is reached.",
  unauthenticated: "Authentication is required. Send an Authorization: Bearer header.",
  invalid_credentials: "The email or password is incorrect.",
  key_disabled: "This API key is disabled.",
  key_expired: "This API key has expired.",
  token_expired: "The access token has expired. Refresh it and try again.",
  wrong_credential_type: "This endpoint does not accept that kind of credential.",
  refresh_token_reused:
    "This refresh token was already used. All tokens of this session have been revoked; sign in again.",
  mfa_required:
    "This account uses two-factor sign-in: send totpCode (the 6-digit code from the authenticator app) or a recoveryCode.",
  mfa_enrollment_required:
    "This organization requires two-factor sign-in: set it up in the dashboard (Security, Two-factor sign-in) first.",
  insufficient_scope: "The API key lacks the permission this endpoint needs.",
  ip_not_allowed: "Requests from this IP address are not allowed for this API key.",
  forbidden: "Your role does not allow this action.",
  suspected_fraud: "The fraud guard blocked OTP sends to this number's prefix.",
  not_found: "The resource was not found.",
  method_not_allowed: "This method is not allowed on this resource.",
  email_taken: "An account with this email already exists.",
  already_member: "This user is already a member of the organization.",
  limit_reached: "The limit for this resource has been reached.",
  idempotency_in_progress: "A request with this Idempotency-Key is still in progress.",
  delivery_in_progress: "An attempt of this delivery is in progress; try again in a moment.",
  webhook_disabled: "This webhook is disabled. Enable it before redelivering.",
  contact_exists: "A contact with this phone number already exists.",
  number_taken: "This number belongs to an organization.",
  payload_too_large: "The request body is larger than 1 MiB.",
  unsupported_media_type: "Send the request body as JSON with Content-Type: application/json.",
  idempotency_key_reused: "This Idempotency-Key was already used with a different request body.",
  rate_limited: "Rate limit exceeded. Retry after the time given in Retry-After.",
  too_many_streams: "This credential already holds the most event streams allowed; close one first.",
  internal_error: "An internal error occurred.",
  provider_not_configured: "No SMS provider is configured for production messages.",
  invalid_send_at: "sendAt must be from 60 seconds to 35 days ahead.",
  not_cancelable: "Only a SCHEDULED message can be canceled.",
  service_unavailable: "The service is briefly unavailable. Retry after the time given in Retry-After.",
  invalid_token: "This link is not valid: it was already used, has expired or was revoked.",
  email_unverified: "Verify your email address first: follow the link in the email we sent you.",
  campaign_not_editable: "Only a DRAFT or SCHEDULED campaign can be changed or deleted.",
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: ErrorDetail[];
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message?: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message ?? DEFAULT_MESSAGES[code], { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers;
  }
}

/** Seconds a client should wait before retrying while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** contract §12, Faults: the database is unreachable; retry later. */
export function serviceUnavailable(cause?: unknown): AppError {
  return new AppError("service_unavailable", undefined, {
    headers: { "retry-after": String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    cause,
  });
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/**
 * The code for input that fails its schema (REST and tRPC alike): `invalid_phone_number` when the
 * only problems are phone numbers (the contract's dedicated code), else `invalid_request`.
 */
export function zodIssuesCode(
  issues: ReadonlyArray<{ code: string; params?: unknown }>,
): "invalid_phone_number" | "invalid_request" {
  const phoneOnly = issues.every(
    (i) => i.code === "custom" && (i.params as { code?: string } | undefined)?.code === "invalid_phone_number",
  );
  return phoneOnly ? "invalid_phone_number" : "invalid_request";
}

/** Turn zod issues into the contract's `details` entries (`messages.3.to`). */
export function zodIssuesToDetails(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): ErrorDetail[] {
  return issues.map((issue) => ({
    path: issue.path.map((p) => String(p)).join("."),
    message: issue.message,
  }));
}
