import { z } from "zod";
import {
  bulkSmsInput,
  bulkSmsResponse,
  messageStatusResponse,
  sendSmsInput,
  sendSmsResponse,
} from "@/schemas/messages";
import { otpSendInput, otpSendResponse, otpVerifyInput, otpVerifyResponse } from "@/schemas/otp";
import { batchIdParam, batchSummaryResponse, messageHistoryItem, messageHistoryQuery } from "@/schemas/message-history";
import { nextCursorHeader } from "../headers";
import { operation } from "../operation";
import type { PathModule } from "./types";
import { SCHEDULING } from "./scheduling";

/*
 * contract §5. The descriptions carry what the schemas cannot: segments, sandbox outcomes, the
 * lifecycle, idempotency and the live-provider answer. The error lists name only what the handlers
 * raise themselves; operation() adds the codes implied by auth, body and idempotency.
 */
const SEGMENTS =
  "`body` is 1 to 1,600 characters, billed in segments per GSM 03.38: when every character is in the GSM-7 " +
  "alphabet, 160 characters fit one message and longer bodies go in parts of 153 (the extension characters " +
  "`^ { } \\ [ ~ ] | €` count twice); any other character switches the whole body to UCS-2, 70 characters " +
  "alone or 67 per part (an emoji counts twice). The response gives `segments` and `encoding`.";

const LIFECYCLE =
  "Statuses: `QUEUED` → `SENT` → `DELIVERED` or `UNDELIVERED` (the carrier refused it); `QUEUED` → `FAILED` " +
  "(it never left). Each transition is stored with its time and emits an event; " +
  "`GET /api/v1/sms/{messageId}/status` shows the current one.";

const SANDBOX = [
  "**Sandbox** (`sg_test_…` keys): nothing leaves the service, and messages move QUEUED → SENT → DELIVERED " +
    "within a few seconds, except for these recipients, which make failures reproducible:",
  [
    "| `to` | outcome |",
    "|---|---|",
    "| `+15005550001` | `FAILED`, `errorCode` `invalid_number` |",
    "| `+15005550002` | `UNDELIVERED`, `errorCode` `carrier_rejected` |",
    "| `+15005550003` | stays `SENT` (no delivery receipt) |",
    "| `+15005550004` | refused at acceptance with 402 `spending_limit_reached` (in bulk: that code in `errors` for " +
      "its index), exactly as a live send past the monthly spend limit; nothing is queued |",
    "| any other number | `DELIVERED` |",
  ].join("\n"),
].join("\n\n");

const LIVE =
  "**Production** (`sg_live_…` keys): messages go to the configured SMS provider. While no provider is " +
  "configured the request answers 503 `provider_not_configured`, and nothing is queued or charged.";

const ACCEPTANCE =
  "**Refused recipients** (sandbox and live alike, decided in the statement that accepts the message, so " +
  "nothing is queued or charged): a recipient outside the organization's allowed countries answers 400 " +
  "`country_not_allowed`; a number that opted out of the organization (it texted STOP, or was added with " +
  "`POST /api/v1/contacts/opt-outs`) answers 400 `recipient_opted_out`. A live message that would take the " +
  "month's spend past the organization's limit answers 402 `spending_limit_reached`. An opt-out that commits " +
  "at the same moment as a send either refuses it, or the send was accepted before the opt-out committed.";

const BULK_ACCEPTANCE =
  "**Refused items** are reported in `errors` by index with the codes of a single send: `country_not_allowed` " +
  "and `recipient_opted_out` (sandbox and live), and, live, `spending_limit_reached` for the items past the " +
  "monthly limit (items are taken in index order until it is reached); in the sandbox, the magic recipient " +
  "`+15005550004` is refused with `spending_limit_reached` at its index, to test that path. All numbers of the request are checked " +
  "in the one statement that accepts it; refused items are neither queued nor charged.";

const IDEMPOTENCY =
  "**Idempotency:** send an `Idempotency-Key` header (1 to 255 printable ASCII characters; anything else " +
  "answers 400 `invalid_request`) to make retries safe. Within 24 hours, per organization, environment and " +
  "endpoint, the same key with the same body replays the first response with `Idempotent-Replayed: true` and " +
  "sends nothing; the same key with a different body answers 422 `idempotency_key_reused`; while the first " +
  "request is still running, 409 `idempotency_in_progress`.";

const describe = (...parts: string[]) => parts.join("\n\n");

const messageIdParams = z.object({
  messageId: z.string().meta({
    description: "The `messageId` returned when the message was sent.",
    example: "msg_0Q3fJ7a2Xc9vB1nM4kLp8sTz",
  }),
});

export const smsPaths: PathModule = {
  tag: {
    name: "SMS",
    description:
      "Send text messages and follow their delivery, with an API key. Statuses: QUEUED → SENT → DELIVERED, " +
      "SENT → UNDELIVERED, QUEUED → FAILED. Sandbox keys (`sg_test_…`) never deliver anything and have magic " +
      "recipients for the failure cases.",
  },
  paths: {
    "/api/v1/sms": {
      get: operation({
        auth: "apiKey",
        scope: "sms.read",
        rateLimit: "messages.read",
        query: messageHistoryQuery,
        operationId: "listMessages",
        summary: "List messages",
        description: describe(
          "The organization's messages in the key's environment (a sandbox key sees sandbox messages, a live key " +
            "live ones), newest first, as status objects with `direction`, `batchId` and the price. Filters: " +
            "`status`, `to` (an E.164 number, exactly), `from` (the sender, exactly), `batchId`, `direction`, " +
            "`createdAfter` (inclusive) and `createdBefore` (exclusive), ISO 8601.",
          "Pages of `limit` (1 to 100, default 50): pass the `X-Next-Cursor` header of a page as `cursor` to get " +
            "the next one; there is none after the last page. Paging never returns a message twice or skips one, " +
            "even while new messages arrive (they appear before the first page). A `cursor` this list did not " +
            "issue answers 400 `invalid_request`.",
          "Live message bodies are not returned, as in the status endpoint; they are deleted after the retention " +
            "period anyway (see docs/operations.md, Retention).",
          'Inbound messages (`direction: "inbound"`, status `RECEIVED`) are the messages phones sent to your ' +
            "numbers: `from` is the phone, `to` your number, and they come with their `body` and `receivedAt`. " +
            "`direction=inbound` lists only them.",
        ),
        success: {
          status: 200,
          description: "One page of messages.",
          schema: z.array(messageHistoryItem),
          headers: { "X-Next-Cursor": nextCursorHeader },
        },
      }),
    },
    "/api/v1/sms/batches/{batchId}": {
      get: operation({
        auth: "apiKey",
        scope: "sms.read",
        rateLimit: "messages.read",
        params: batchIdParam,
        operationId: "getBatch",
        summary: "Follow a bulk batch",
        description:
          "How the messages a bulk request queued stand now: their number and a count per status. Items the " +
          "request refused were never messages and are not counted. Another organization's batch, one of the " +
          "other environment, or one without a queued message answers 404 `not_found`.",
        success: { status: 200, description: "The batch's counts.", schema: batchSummaryResponse },
        errors: ["not_found"],
      }),
    },
    "/api/v1/sms/send": {
      post: operation({
        auth: "apiKey",
        scope: "sms.send",
        rateLimit: "sms.send",
        body: sendSmsInput,
        bodyExample: { to: "+14155550123", body: "Your order has shipped" },
        idempotent: true,
        operationId: "sendSms",
        summary: "Send an SMS",
        description: describe(
          "Queues one message and answers 202 with its `messageId` right away; delivery happens in the " +
            "background. `to` is an E.164 number that must be valid for its country (400 `invalid_phone_number` " +
            "otherwise). `from` is 1 to 11 letters and digits or an E.164 number; without it the organization's " +
            "default sender is used (`SG` if unset).",
          SEGMENTS,
          LIFECYCLE,
          SANDBOX,
          LIVE,
          ACCEPTANCE,
          IDEMPOTENCY,
          SCHEDULING,
        ),
        success: {
          status: 202,
          description: "The message was queued (status `QUEUED`), or scheduled (`SCHEDULED`, with `sendAt`).",
          schema: sendSmsResponse,
        },
        errors: [
          "invalid_phone_number",
          "country_not_allowed",
          "recipient_opted_out",
          "invalid_send_at",
          "spending_limit_reached",
          "provider_not_configured",
        ],
      }),
    },
    "/api/v1/sms/bulk": {
      post: operation({
        auth: "apiKey",
        scope: "sms.send",
        rateLimit: "sms.bulk",
        body: bulkSmsInput,
        bodyExample: {
          messages: [
            { to: "+14155550123", body: "Hi Ada, your order has shipped" },
            { to: "+14155550124", body: "Hi Alan, your order has shipped" },
          ],
        },
        idempotent: true,
        operationId: "sendBulkSms",
        summary: "Send up to 1,000 SMS in one request",
        description: describe(
          "Queues up to 1,000 messages, all from the same `from` (or the organization's default sender), under " +
            "one `batchId`. Each item is validated on its own, like a single send: an invalid item (for example " +
            "`to` not a valid number, code `invalid_phone_number`) is reported in `errors` by its index and the " +
            "valid ones are still queued and listed in `messages`, so the answer is 202 even when some items are " +
            "rejected. A body that is not this shape, or has no or more than 1,000 messages, answers 400 " +
            "`invalid_request` and queues nothing.",
          "Every queued message then follows the single-send lifecycle and segment rules; poll each " +
            "`messageId` with `GET /api/v1/sms/{messageId}/status`.",
          SANDBOX,
          LIVE,
          BULK_ACCEPTANCE,
          IDEMPOTENCY,
          SCHEDULING + " With `sendAt`, every accepted message of the request is scheduled for that time.",
        ),
        success: { status: 202, description: "The valid messages were queued.", schema: bulkSmsResponse },
        errors: ["invalid_send_at", "provider_not_configured"],
      }),
    },
    "/api/v1/sms/{messageId}/status": {
      get: operation({
        auth: "apiKey",
        scope: "sms.read",
        rateLimit: "messages.read",
        params: messageIdParams,
        operationId: "getMessageStatus",
        summary: "Get a message's delivery status",
        description: describe(
          "The current status and the time of each transition (`sentAt`, `deliveredAt`, `failedAt`; `null` " +
            "until it happens). For `FAILED` and `UNDELIVERED` messages `errorCode` and `errorMessage` say why " +
            "(in the sandbox: `invalid_number` and `carrier_rejected`). `body` is included for sandbox messages " +
            "only, so tests can read an OTP code back; production bodies are never returned, except those of inbound " +
            'messages (`direction: "inbound"`, status `RECEIVED`, with `receivedAt`), which phones sent to you.',
          LIFECYCLE,
          "An unknown `messageId`, or one that belongs to another organization, answers 404 `not_found`.",
        ),
        success: { status: 200, description: "The message's status.", schema: messageStatusResponse },
        errors: ["not_found"],
      }),
    },
  },
};

export const otpPaths: PathModule = {
  tag: {
    name: "OTP",
    description:
      "One-time codes sent by SMS and verified by the service. Codes are random, stored only as a keyed hash, " +
      "and never returned, logged or put in a webhook payload.",
  },
  paths: {
    "/api/v1/otp/send": {
      post: operation({
        auth: "apiKey",
        scope: "otp.send",
        rateLimit: "otp.send",
        body: otpSendInput,
        bodyExample: { to: "+14155550123" },
        idempotent: true,
        operationId: "sendOtp",
        summary: "Send a one-time code",
        description: describe(
          "Generates a random `length`-digit code (4 to 10, default 6) valid for `expiresIn` seconds (60 to " +
            "3600, default 300) and sends it by SMS through the same pipeline as `POST /api/v1/sms/send`: " +
            "`messageId` is that SMS, and its status follows the SMS lifecycle. A new send to the same number " +
            "cancels the code still pending for it.",
          "At most 5 sends per recipient per organization in 10 minutes; the sixth answers 429 `rate_limited` " +
            "(with `Retry-After`), so this endpoint cannot be used to pump SMS to one number.",
          "**Fraud guard** (SMS pumping, see `/api/v1/developer/fraud-guard`): sends to a destination prefix that " +
            "had many codes sent and few verified in the last hour are blocked for 12 hours and answer 403 " +
            "`suspected_fraud`, naming the prefix and the block's end. Such a send is not sent, not billed and not " +
            "counted.",
          "**Sandbox** (`sg_test_…` keys): nothing is delivered, and the magic recipients of the SMS endpoints " +
            "apply. The code can be read back from `GET /api/v1/sms/{messageId}/status` (`body`), so tests can " +
            "complete a verification without a phone.",
          LIVE,
          ACCEPTANCE,
          IDEMPOTENCY,
        ),
        success: { status: 202, description: "The code was generated and its SMS queued.", schema: otpSendResponse },
        errors: [
          "invalid_phone_number",
          "country_not_allowed",
          "recipient_opted_out",
          "spending_limit_reached",
          "provider_not_configured",
          "suspected_fraud",
        ],
      }),
    },
    "/api/v1/otp/verify": {
      post: operation({
        auth: "apiKey",
        scope: "otp.verify",
        rateLimit: "otp.verify",
        body: otpVerifyInput,
        // The code the user typed; a wrong one answers 200 with `valid: false`.
        bodyExample: { to: "+14155550123", code: "123456" },
        operationId: "verifyOtp",
        summary: "Check a one-time code",
        description: describe(
          "Checks `code` against the code pending for `to`. A right code answers `{ valid: true, status: " +
            '"APPROVED" }` and is used up: a code verifies once, also when several checks arrive at the same time.',
          "A wrong or missing code is still a 200, with `valid: false`, the status and `attemptsRemaining`: " +
            "`PENDING` (wrong code, try again), `EXPIRED` (past `expiresAt`), `MAX_ATTEMPTS` (5 wrong attempts " +
            "used up) or `NOT_FOUND` (no pending code for this number: none was sent, or it was already verified). " +
            "Send a new code after `EXPIRED` or `MAX_ATTEMPTS`.",
        ),
        success: { status: 200, description: "The outcome of the check.", schema: otpVerifyResponse },
        errors: ["invalid_phone_number"],
      }),
    },
  },
};
