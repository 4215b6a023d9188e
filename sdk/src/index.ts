export { SignalGate, type SignalGateOptions } from "./client.js";
export { SignalGateError, isSignalGateError, type ClientErrorCode, type ErrorDetail } from "./core/errors.js";
export type { ApiErrorCode, OperationErrorCodes } from "./generated/error-codes.js";
export type { components, operations, paths } from "./generated/openapi.js";
export type {
  ErrorCodeOf,
  OperationId,
  QueryParams,
  RequestBody,
  RequestOptions,
  ResponseBody,
  Schema,
  SendOptions,
} from "./core/types.js";
export { PageIterator, type Page } from "./core/pagination.js";
export type { FetchLike, SleepLike } from "./core/http.js";
export { rateLimitDelayMs } from "./core/retry.js";
export type { RegisterParams, Registration, TokenPair } from "./auth.js";
export type * from "./resources/sms.js";
export type * from "./resources/otp.js";
export type * from "./resources/analytics.js";
export type * from "./resources/contacts.js";
export type * from "./resources/api-keys.js";
export type * from "./resources/webhooks.js";
export type * from "./resources/account.js";
export type * from "./resources/accounts.js";
export type * from "./resources/events.js";
export type { SseMessage } from "./core/sse.js";
export type * from "./resources/fraud-guard.js";
export type * from "./resources/two-factor.js";
export type * from "./resources/security-settings.js";
export type * from "./resources/campaigns.js";
export type * from "./resources/sender-pools.js";
export { constructEvent, isKnownEvent, verifyWebhookSignature, WebhookVerificationError } from "./webhooks/verify.js";
export type { RawBody, SignatureHeader } from "./webhooks/verify.js";
export { standardWebhookKey, verifyStandardWebhook, verifyWebhook } from "./webhooks/standard.js";
export type { VerifyOptions, WebhookHeaders } from "./webhooks/standard.js";
export { WEBHOOK_EVENT_NAMES } from "./webhooks/events.js";
export type * from "./webhooks/events.js";
