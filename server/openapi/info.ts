import { CANONICAL_EVENTS, EVENT_ALIASES, EVENT_DESCRIPTIONS } from "@/schemas/webhooks";

// Built from the schema's lists, so the docs name exactly the events a webhook can subscribe to.
const EVENT_ROWS = CANONICAL_EVENTS.map((event) => `| \`${event}\` | ${EVENT_DESCRIPTIONS[event]} |`).join("\n");
const EVENT_ALIAS_LIST = Object.entries(EVENT_ALIASES)
  .map(([alias, event]) => `\`${alias}\` (= \`${event}\`)`)
  .join(" and ");

/** The document's introduction, rendered at the top of /docs (Markdown). */
export const API_DESCRIPTION = `
SignalGate sends SMS and one-time passcodes (OTP) and lets you manage API keys, webhooks and rate limits.
All endpoints live under \`/api/v1\`. Requests and responses are JSON (\`Content-Type: application/json\`,
UTF-8, camelCase fields, ISO 8601 UTC timestamps); unknown request fields are rejected.

## Authentication
Send \`Authorization: Bearer <credential>\`. Two kinds of credential exist:

- **API key** (\`apiKey\`) for the SMS and OTP endpoints. Keys belong to an organization, hold permission
  scopes and may be restricted to IP addresses or CIDR ranges. The full key is shown once, at creation.
- **Access token** (\`accessToken\`) for the management endpoints (API keys, webhooks, rate limits).
  Get one from \`POST /api/v1/auth/token\`; it is a JWT valid for 15 minutes, renewed with
  \`POST /api/v1/auth/refresh\` (refresh tokens rotate on every use).

Using one kind where the other is expected answers 401 \`wrong_credential_type\`.

## Environments
The key prefix selects the environment.

- \`sg_test_…\` keys are a **sandbox**: nothing leaves the service and messages move QUEUED → SENT →
  DELIVERED within a few seconds, except for the magic recipients \`+15005550001\` (FAILED,
  \`invalid_number\`), \`+15005550002\` (UNDELIVERED, \`carrier_rejected\`), \`+15005550003\` (stays
  SENT) and \`+15005550004\` (refused with 402 \`spending_limit_reached\`, per index in bulk, as a live send
  past the monthly spend limit). The status endpoint returns the \`body\` of sandbox messages, OTP codes included.
- \`sg_live_…\` keys send real messages through the configured SMS providers (SMPP, a Twilio-compatible
  API, or both with failover); \`providerMessageId\` in events is the carrier's own id. While none is
  configured, sends answer 503 \`provider_not_configured\` and nothing is queued or charged.

## Messages
\`POST /sms/send\` and \`/sms/bulk\` answer 202 as soon as a message is queued; delivery happens in the
background. A message moves QUEUED → SENT → DELIVERED, or SENT → UNDELIVERED when the carrier refuses it,
or QUEUED → FAILED when it never leaves (live messages also go SENT → FAILED when the carrier reports it
could not send one it had taken); \`GET /sms/{messageId}/status\` gives the current status and the
time of each step. Bodies are billed in GSM 03.38 segments (GSM-7: 160 characters, 153 per part when
longer; UCS-2 as soon as one character is outside the GSM alphabet: 70, 67 per part). Recipients are E.164
numbers that must also be valid for their country, otherwise 400 \`invalid_phone_number\`.

## Webhooks
A webhook (\`/api/v1/developer/webhooks\`, access token) makes the service POST a JSON envelope to your
\`url\` whenever a subscribed event happens, as an alternative to polling.

| event | meaning |
|---|---|
${EVENT_ROWS}

${EVENT_ALIAS_LIST} are aliases: a webhook subscribed with an alias receives the event under that name
(the envelope's \`event\` is the name it subscribed with). \`*\` subscribes to every event, present and
future. A webhook gets one delivery per event, however many of its subscriptions match.

**Envelope.** \`{ id, event, timestamp, payload }\`: the event id, its type, when it happened and the
resource. \`message.*\` payloads describe the message (its times and, on failures, \`errorCode\` and
\`errorMessage\`), except \`message.received\` (an inbound message), whose payload is
\`{ messageId, from, to, body, receivedAt }\`: the body is included, since it is the point; \`otp.*\` payloads carry \`otpId\`, \`to\`, \`environment\`, \`status\`, \`messageId\`,
\`attempts\` and \`expiresAt\`, never the code; \`contact.opted_out\` and \`contact.opted_in\` payloads are
\`{ phone, source, at }\` (\`source\`: \`keyword\`, \`api\`, \`dashboard\` or \`import\`). For \`message.delivered\`:

\`\`\`json
{
  "id": "evt_0Q3fJ7a2Xc9vB1nM4kLp8sTz",
  "event": "message.delivered",
  "timestamp": "2026-11-21T10:15:04.512Z",
  "payload": {
    "messageId": "msg_0Q3fJ7a2Xc9vB1nM4kLp8sTz", "to": "+14155550123", "from": "SignalGate",
    "status": "DELIVERED", "environment": "live", "segments": 1, "encoding": "GSM-7",
    "batchId": null, "otpId": null, "providerMessageId": "SM8f2c41d0", "errorCode": null, "errorMessage": null,
    "createdAt": "2026-11-21T10:15:00.123Z", "sentAt": "2026-11-21T10:15:01.020Z",
    "deliveredAt": "2026-11-21T10:15:04.512Z", "failedAt": null
  }
}
\`\`\`

**Headers.** \`Content-Type: application/json\`; \`User-Agent: SignalGate-Webhooks/1.0 (…)\`;
\`X-Webhook-Id\`: the event id (the envelope's \`id\`); \`X-Webhook-Timestamp\`: Unix seconds of this
attempt; \`X-Webhook-Signature: sha256=<hex>\` when the webhook has a secret. The same delivery also
carries the [Standard Webhooks](https://www.standardwebhooks.com/) headers: \`webhook-id\` (= \`X-Webhook-Id\`),
\`webhook-timestamp\` (= \`X-Webhook-Timestamp\`) and, with a secret,
\`webhook-signature: v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">\`, keyed as the
Standard Webhooks libraries expect: a \`whsec_<base64>\` secret (as the dashboard generates them) by its
decoded bytes, any other secret by its UTF-8 bytes. That signature covers the id and the time, so refusing
timestamps more than 5 minutes old refuses a captured delivery replayed later:
\`new Webhook(secret).verify(rawBody, headers)\` from the \`standardwebhooks\` library, with the secret as shown
(\`new Webhook(base64(secret))\` for a secret of your own that is not \`whsec_<base64>\`), or the SDK's
\`constructEvent(rawBody, headers, secret)\`, does both.

**Signing secret.** Give a webhook a \`secret\` (recommended): without one it is unsigned and its
deliveries carry no \`X-Webhook-Signature\`, so your endpoint cannot tell them from forged requests. Set
or replace it with \`PATCH /developer/webhooks/{id}\` at any time; \`secret: null\` removes it.

**Verifying the signature.** The signature is \`sha256=\` followed by the lowercase hex HMAC-SHA256 of the
raw body bytes, keyed with the webhook's secret. Compute it over the body exactly as received (parsing
and re-serializing the JSON changes the bytes) and compare in constant time:

\`\`\`js
import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body as a Buffer, before any JSON parsing
// (Express: express.raw({ type: "application/json" }); fetch-style: Buffer.from(await req.arrayBuffer())).
function isFromSignalGate(rawBody, signatureHeader, secret) {
  const expected = Buffer.from("sha256=" + createHmac("sha256", secret).update(rawBody).digest("hex"));
  const received = Buffer.from(signatureHeader ?? "");
  return received.length === expected.length && timingSafeEqual(received, expected);
}
\`\`\`

Reject the request when it returns false. Delivery is at least once and every retry of an event carries
the same \`id\`, so use it to ignore repeats.

**Order.** Events may arrive out of order: each delivery is sent on its own and retried on its own
schedule, so a \`message.delivered\` can reach you before the \`message.sent\` of the same message (which
failed once and is retried later), and a redelivery or resend arrives whenever it is asked for. Order by
the event's time, not by arrival: the envelope's \`timestamp\` (and the payload's \`sentAt\`,
\`deliveredAt\`, …) says when it happened. Keep the newest state you have seen, and ignore an event older
than it: a message that is \`DELIVERED\` stays delivered when a late \`message.sent\` comes in.

**Delivery and retries.** An attempt succeeds when your endpoint answers 2xx within 30 seconds (connect,
headers and body together). Redirects are not followed: a 3xx is a failure. A failed attempt is retried
after 1 minute, 5 minutes, 30 minutes, 2 hours and 24 hours (six attempts in all); after the last one
the delivery is \`FAILED\`. Delivery statuses: \`PENDING\` (waiting for its attempt), \`RETRYING\`
(failed, next attempt at \`nextAttemptAt\`), \`SUCCEEDED\`, \`FAILED\`. The delivery log
(\`GET /developer/webhooks/{id}/deliveries\`) shows every attempt's status code, response time and error;
\`POST …/deliveries/{deliveryId}/redeliver\` sends one more attempt, and \`POST …/{id}/test\` sends a
\`webhook.test\` event at once.

**410 Gone** tells the service to stop: the delivery fails without retries and the webhook is disabled
(\`isActive: false\`, \`disabledReason\` set) until you set \`isActive: true\` with
\`PATCH /developer/webhooks/{id}\`.

## Events and local development
Every event above is also kept for 30 days: \`GET /api/v1/developer/events\` lists them newest first
(\`types=message.delivered,otp.*\` filters; cursor paging as below) and \`GET /api/v1/developer/events/{id}\`
reads one, in the webhook envelope. \`GET /api/v1/developer/events/stream\` is a Server-Sent Events stream of
new events as they commit: one frame per event (\`id:\` the event id, \`event:\` its type, \`data:\` the
envelope), a \`: ping\` every 15 seconds. Reconnect with \`Last-Event-ID\` to continue after the last event
you got, with nothing missed or repeated, for up to 24 hours; an unknown or older id answers one
\`event: reset\` and continues from now. An access token, or an API key with \`webhooks.manage\`.

The command-line tool uses it to deliver events to your laptop without a public URL:
\`signalgate listen --forward-to http://localhost:4000/hooks\` POSTs each event signed like a real
delivery, with a secret printed when it starts; \`signalgate trigger message.delivered\` causes one in the
sandbox.

## Errors
Every status from 400 up carries the same body:

\`\`\`json
{ "error": { "code": "invalid_request", "message": "The request body is not valid.",
             "requestId": "req_…", "details": [{ "path": "messages.3.to", "message": "…" }] } }
\`\`\`

\`code\` is stable and meant for programs; \`message\` is for people; \`details\` lists validation problems.
Every response carries \`X-Request-Id\`: your own value when you send a valid one (1 to 128 characters of
\`A-Za-z0-9._:-\`), otherwise a generated one. Quote it when asking for support.

## Pagination
Lists answer one page, newest first. When more items follow, the \`X-Next-Cursor\` response header holds
an opaque cursor: pass it unchanged as the \`cursor\` query parameter to get the next page, and stop when the
header is absent. A cursor names the list and the organization it was issued for and cannot be edited: a
cursor the server did not issue for that list and organization answers 400 \`invalid_request\`, never an
empty page.

## Rate limits
Limits apply per organization over rolling windows: per endpoint category (SMS send 100/min, bulk 10/min,
OTP send 30/min, OTP verify 50/min, others 60/min) and for all traffic together (default 100/min,
3,000/hour, 30,000/day, adjustable). \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and
\`X-RateLimit-Reset\` describe the most restrictive window. Over the limit the answer is 429
\`rate_limited\` with \`Retry-After\` in seconds; wait \`Retry-After × 2^attempt\` seconds before retry
number \`attempt\` (from 0). OTP sends are also limited to 5 per recipient and organization in 10
minutes (429 \`rate_limited\`).

## Idempotency
\`POST /sms/send\`, \`/sms/bulk\` and \`/otp/send\` accept an \`Idempotency-Key\` header (1 to 255 printable
ASCII characters, otherwise 400). Keys are scoped to organization, environment and endpoint and kept 24
hours. Repeating a request with the same key and body replays the first response
(\`Idempotent-Replayed: true\`) instead of sending again; the same key with a different body answers 422
\`idempotency_key_reused\`, and a repeat while the first request is still running answers 409
\`idempotency_in_progress\`.

## TypeScript SDK
The \`signalgate\` package (\`sdk/\` in the repository; Node 20 or later, no dependencies) is typed from this
document and follows its rules: it waits Retry-After × 1000 × 2^attempt ms after a 429, gives every send an
\`Idempotency-Key\` kept across its retries, renews access tokens with refresh-token rotation, and verifies
webhook signatures in constant time.

\`\`\`ts
import { SignalGate, constructEvent } from "signalgate";

const client = new SignalGate({ apiKey: process.env.SIGNALGATE_API_KEY, baseUrl: "https://your-signalgate-host" });
const { messageId } = await client.sms.send({ to: "+14155550123", body: "Your order has shipped" });
for await (const message of client.sms.list({ status: "DELIVERED" })) console.log(message.messageId);

// In your webhook handler, with the raw body:
// Pass all the headers: the Standard Webhooks signature is checked, and a delivery over 5 minutes old refused.
const event = constructEvent(rawBody, request.headers, process.env.WEBHOOK_SECRET);
if (event.event === "message.delivered") console.log(event.payload.deliveredAt);
\`\`\`
`.trim();
