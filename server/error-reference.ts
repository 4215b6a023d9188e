import { AppError, ERROR_STATUS, type ErrorCode } from "./errors";

/**
 * The error reference (contract §16, served at /docs/errors): for every code of ERROR_STATUS, when
 * it is answered and what the caller should do. Typed by ErrorCode, so a code added to the table
 * without an entry here does not compile, and the page lists the table's keys, never its own.
 */
const GUIDANCE: Record<ErrorCode, { meaning: string; action: string }> = {
  invalid_request: {
    meaning:
      "The request could not be read: malformed JSON, a wrong type, an unknown field or enum value, a number out of range, or a list cursor the server did not issue. `details` names each field with its problem.",
    action: "Fix the fields named in `details` and send again. Retrying the same request gives the same answer.",
  },
  invalid_phone_number: {
    meaning:
      "A phone number is not a valid E.164 number (a leading `+`, 8 to 15 digits, and a number that exists in the numbering plan of its country).",
    action: "Send the number in E.164 form, country code included (`+14155550123`).",
  },
  url_not_allowed: {
    meaning:
      "A webhook URL points at a destination the service will not call: not http(s), a private or loopback address, or a host that resolves to one.",
    action: "Use a public https URL. For local development, use the CLI's `signalgate listen` to forward events.",
  },
  country_not_allowed: {
    meaning: "The recipient's country is not in the organization's allowed countries.",
    action: "Add the country to the allowed countries in the dashboard (Billing) if you mean to send there.",
  },
  recipient_opted_out: {
    meaning: "The recipient replied STOP (or was opted out by the organization) and receives no more messages.",
    action: "Do not retry. The recipient can opt back in by replying START.",
  },
  unauthenticated: {
    meaning:
      "No credential, a malformed `Authorization` header, or an API key or access token the service does not know.",
    action: "Send `Authorization: Bearer <key or token>` with a current credential.",
  },
  invalid_credentials: {
    meaning: "The email and password do not match an account.",
    action: "Check the email and password. After repeated failures the sign-in is throttled (`rate_limited`).",
  },
  key_disabled: {
    meaning: "The API key exists but was disabled by a member of the organization.",
    action: "Enable the key in the dashboard (API keys) or use another key.",
  },
  key_expired: {
    meaning: "The API key passed its expiry date.",
    action: "Create a new key in the dashboard and replace the old one in your configuration.",
  },
  token_expired: {
    meaning: "The access token (JWT) has expired: they live 15 minutes by default.",
    action: "Exchange the refresh token at `POST /api/v1/auth/refresh` and retry with the new access token.",
  },
  wrong_credential_type: {
    meaning: "An API key was sent to an endpoint that needs a user's access token, or the other way round.",
    action:
      "Messaging endpoints take an API key; management endpoints take an access token. See each endpoint's security in the API reference.",
  },
  refresh_token_reused: {
    meaning:
      "A refresh token was presented a second time. Reuse is a sign of theft, so every token of that session was revoked.",
    action: "Sign in again. Make sure each refresh token is used once and replaced by the one the refresh returns.",
  },
  mfa_required: {
    meaning: "The account uses two-factor sign-in and the request carried no second factor.",
    action: "Send `totpCode` (the 6-digit code from the authenticator app) or a `recoveryCode` with the password.",
  },
  mfa_enrollment_required: {
    meaning: "The organization requires two-factor sign-in and this member has not set it up.",
    action: "Set up two-factor sign-in in the dashboard (Security, Two-factor sign-in), then sign in again.",
  },
  spending_limit_reached: {
    meaning: "A live message would take the organization's month-to-date spend over its monthly limit.",
    action:
      "Raise the limit in the dashboard (Billing) or wait for the next month. Sandbox (`sg_test_`) sends are not charged.",
  },
  insufficient_scope: {
    meaning: "The API key does not hold the permission this endpoint needs; the message names it.",
    action: "Give the key that permission (dashboard, API keys) or use a key that has it.",
  },
  ip_not_allowed: {
    meaning: "The request came from an address outside the API key's IP restrictions.",
    action: "Call from an allowed address, or change the key's IP restrictions in the dashboard.",
  },
  forbidden: {
    meaning:
      "The signed-in member's role does not allow this action (contract roles: owner, admin, developer, support), or the request was refused as cross-site.",
    action: "Ask an owner or admin to do it, or to change your role.",
  },
  suspected_fraud: {
    meaning:
      "The fraud guard blocked OTP sends to this number's prefix after an unusual burst of sends (SMS pumping protection).",
    action: "If the traffic is legitimate, an owner or admin can lift the block in the dashboard (Fraud guard).",
  },
  not_found: {
    meaning:
      "No such resource, or one that belongs to another organization (the service never tells those apart), or no such endpoint.",
    action:
      "Check the id and the credential's organization. For ids you stored, the resource may have passed its retention period.",
  },
  method_not_allowed: {
    meaning: "The endpoint exists but not with this HTTP method.",
    action: "Use a method the endpoint lists in the API reference.",
  },
  email_taken: {
    meaning: "An account with this email address already exists.",
    action: "Sign in with that account instead, or reset its password.",
  },
  already_member: {
    meaning: "The person is already a member of the organization.",
    action: "Nothing to do: change their role from the Members page if needed.",
  },
  limit_reached: {
    meaning: "The organization reached the maximum number of this kind of resource (for example API keys).",
    action: "Delete resources you no longer use, then try again.",
  },
  idempotency_in_progress: {
    meaning: "A request with the same `Idempotency-Key` is still being processed.",
    action: "Wait a moment and retry with the same key and body: you will get the first request's answer.",
  },
  delivery_in_progress: {
    meaning: "An attempt of this webhook delivery is running right now.",
    action: "Wait a few seconds and redeliver again if the attempt failed.",
  },
  webhook_disabled: {
    meaning: "The webhook is disabled, so it cannot be redelivered or tested.",
    action: "Enable the webhook first (`PATCH` it with `isActive: true`, or from the dashboard).",
  },
  contact_exists: {
    meaning: "The organization already has a contact with this phone number.",
    action: "Update the existing contact instead of creating a new one.",
  },
  number_taken: {
    meaning: "The phone number is already assigned to an organization.",
    action: "Use another number; the organization that holds it must remove it first.",
  },
  payload_too_large: {
    meaning: "The request body is larger than 1 MiB.",
    action: "Send less per request: split a bulk send into batches of at most 1,000 messages.",
  },
  unsupported_media_type: {
    meaning: "The body was sent without `Content-Type: application/json` (or the endpoint's documented type).",
    action: "Set the `Content-Type` header to `application/json`.",
  },
  idempotency_key_reused: {
    meaning: "The `Idempotency-Key` was used in the last 24 hours with a different request body.",
    action: "Use a new key for a new request; reuse a key only to retry exactly the same request.",
  },
  rate_limited: {
    meaning:
      "A rate limit was exceeded: the endpoint's category, the organization's caps, or a per-recipient OTP limit. The `X-RateLimit-*` headers describe the limit.",
    action: "Wait the number of seconds in `Retry-After`, then retry. Spread traffic out or ask for higher limits.",
  },
  internal_error: {
    meaning: "Something failed inside the service. The answer reveals nothing of it; the service logged the cause.",
    action:
      "Retry safe requests (GETs, or sends with an `Idempotency-Key`) with backoff. If it persists, contact support with the `requestId`.",
  },
  provider_not_configured: {
    meaning:
      "No SMS provider is configured, so a live (`sg_live_`) message cannot be sent. Nothing was charged or stored.",
    action: "Use a sandbox key (`sg_test_`) or ask the operator to configure a carrier.",
  },
  invalid_send_at: {
    meaning: "`sendAt` is less than 60 seconds or more than 35 days ahead.",
    action: "Schedule the message between 60 seconds and 35 days from now, or send it now without `sendAt`.",
  },
  not_cancelable: {
    meaning: "The message is no longer scheduled: it was already sent, canceled or is being sent.",
    action: "Nothing to cancel. Read the message's status to see what happened.",
  },
  service_unavailable: {
    meaning: "The service cannot reach its database for a moment.",
    action: "Retry after the number of seconds in `Retry-After`. Nothing was done for this request.",
  },
  invalid_token: {
    meaning: "An email link (verification, password reset, invitation) was already used, has expired or was revoked.",
    action: "Ask for a new link.",
  },
  email_unverified: {
    meaning: "The account's email address is not verified yet.",
    action: "Follow the link in the verification email, or ask for a new one.",
  },
  campaign_not_editable: {
    meaning: "The campaign is sending or has finished; only a DRAFT or SCHEDULED campaign can be changed or deleted.",
    action: "Create a new campaign for the changes.",
  },
  too_many_streams: {
    meaning:
      "The API key, or the user, already holds 20 open event streams (`GET /api/v1/events/stream`). This is not the request rate limit: it applies with rate limiting off.",
    action: "Close a stream you no longer read (end its connection) and open the new one.",
  },
  queue_full: {
    meaning:
      "The sender's queue already holds four hours of sending (its mps × 14,400 segments): carriers allow each sender only so many segments per second, and a message that would wait longer is refused, not queued and not charged. In bulk, each refused item is reported by index.",
    action:
      "Wait the number of seconds in `Retry-After`, send from another number, or use a sender pool with more numbers (see Live delivery in the docs).",
  },
  number_not_owned: {
    meaning: "A sender pool named a number that is not assigned to this organization.",
    action: "Use the organization's own numbers (`GET /api/v1/numbers`), or ask the operator to assign the number.",
  },
  no_sender_for_country: {
    meaning:
      "The sender pool has no number, and its alphanumeric sender ID is not allowed in the recipient's country (the US and Canada allow none).",
    action: "Add a number to the pool, or send from a number directly.",
  },
};

export interface ErrorReferenceEntry {
  code: ErrorCode;
  status: number;
  /** The message the service answers with when it has nothing more specific to say. */
  message: string;
  meaning: string;
  action: string;
}

/** Every code of ERROR_STATUS, by status then code. */
export function errorReference(): ErrorReferenceEntry[] {
  return (Object.keys(ERROR_STATUS) as ErrorCode[])
    .map((code) => ({ code, status: ERROR_STATUS[code], message: new AppError(code).message, ...GUIDANCE[code] }))
    .sort((a, b) => a.status - b.status || a.code.localeCompare(b.code));
}
