import { z } from "zod";
import { eventSchema, eventsQuery, resendEventInput, resendEventResult, streamQuery } from "@/schemas/events";
import { EVENTS_AUTH, EVENTS_RESEND_AUTH } from "../../events/route-auth";
import { nextCursorHeader } from "../headers";
import { operation } from "../operation";
import type { PathModule } from "./types";

/* contract §13. Same options as app/api/v1/developer/events/**\/route.ts passes to apiRoute(). */
const eventIdParams = z.object({
  id: z.string().meta({ description: "The event's id (`evt_…`).", example: "evt_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
});

const TYPES_DOC =
  "Comma-separated event types (`message.delivered,otp.verified`); `family.*` selects a family (`message.*`) and " +
  "`*` everything. Omitted: every type.";

const eventsQueryDoc = z.strictObject({
  types: eventsQuery.shape.types.meta({ description: TYPES_DOC, example: "message.delivered,otp.*" }),
  limit: eventsQuery.shape.limit.meta({ description: "Page size, 1 to 100.", example: 50 }),
  cursor: eventsQuery.shape.cursor.meta({
    description:
      "Opaque: the `X-Next-Cursor` value of the previous page, passed back unchanged; omit it for the newest " +
      "events. A cursor this list did not issue to your organization answers 400 `invalid_request`.",
  }),
});

const streamQueryDoc = z.strictObject({
  types: streamQuery.shape.types.meta({ description: TYPES_DOC, example: "message.*" }),
});

const lastEventIdHeader = z.object({
  "Last-Event-ID": z
    .string()
    .optional()
    .meta({
      description:
        "The id of the last event the client received (browsers' EventSource sends it when reconnecting). The " +
        "stream continues with the events committed after it, none missed and none repeated, for up to 24 hours. " +
        "An unknown id, another organization's, or one older than 24 hours starts the stream from now, after one " +
        "`event: reset`.",
      example: "evt_0Q3fJ7a2Xc9vB1nM4kLp8sTz",
    }),
});

const SSE_EXAMPLE =
  "retry: 2000\n: connected\n\n" +
  "id: evt_0Q3fJ7a2Xc9vB1nM4kLp8sTz\nevent: message.delivered\n" +
  'data: {"id":"evt_0Q3fJ7a2Xc9vB1nM4kLp8sTz","event":"message.delivered","timestamp":"2026-11-21T10:15:00.123Z",' +
  '"payload":{"messageId":"msg_0Q3fJ7a2Xc9vB1nM4kLp8sTz","status":"DELIVERED"}}\n\n' +
  ": ping\n\n";

const streamOperation = operation({
  ...EVENTS_AUTH,
  operationId: "streamEvents",
  summary: "Stream events (Server-Sent Events)",
  description:
    "A `text/event-stream` of the organization's events as they are committed, in commit order. Each event is " +
    "one frame: `id:` the event id, `event:` its type, `data:` the envelope (the same JSON as a webhook " +
    "delivery, on one line). A comment line `: ping` comes every 15 seconds so proxies keep the connection " +
    "open; `retry: 2000` asks clients to reconnect after 2 seconds. Send `Last-Event-ID` to resume. A client " +
    "that leaves more than 256 KiB unread is disconnected (it resumes with `Last-Event-ID` and misses nothing); " +
    "so is every client when the server shuts down. The credential that opened the stream is checked again " +
    "at least every 30 seconds, and at once when it is revoked on the instance serving the stream: a key " +
    "deleted, disabled, regenerated or stripped of `webhooks.manage`, an access token expired, its session " +
    "ended, its member removed or held back by the organization's two-factor requirement. The stream then ends " +
    'with one frame `event: error`, `data: {"code", "status", "message"}`: the refusal a new request would ' +
    "get. It has no `id:`, so a client renews its credential and resumes with `Last-Event-ID` (the SDK and " +
    "`signalgate listen` do). One API key, or one user, may hold 20 streams open on one server instance; " +
    "another is 429 `too_many_streams` (not the rate limit: it applies with rate limiting off too).",
  query: streamQueryDoc,
  errors: ["too_many_streams"],
  success: {
    status: 200,
    description: "The stream (it stays open).",
    mediaType: "text/event-stream",
    schema: z.string().meta({ description: "Server-Sent Events frames.", example: SSE_EXAMPLE }),
  },
});

export const eventsPaths: PathModule = {
  tag: {
    name: "Events",
    description:
      "Every event the service emits (the ones webhooks deliver) for 30 days, and a live stream of them: what " +
      "`signalgate listen --forward-to` uses to deliver events to a local URL without a tunnel. An access token " +
      "(any role that reads webhooks) or an API key with `webhooks.manage`.",
  },
  paths: {
    "/api/v1/developer/events": {
      get: operation({
        ...EVENTS_AUTH,
        operationId: "listEvents",
        summary: "List events",
        description:
          "The organization's events of the last 30 days, newest first in commit order (the stream's order, reversed: " +
          "events committed close together may carry timestamps out of order by milliseconds), in the webhook " +
          "envelope. When more follow, the `X-Next-Cursor` response header holds the `cursor` of the next page.",
        query: eventsQueryDoc,
        success: {
          status: 200,
          description: "One page of events.",
          schema: z.array(eventSchema),
          headers: { "X-Next-Cursor": nextCursorHeader },
        },
      }),
    },
    "/api/v1/developer/events/stream": {
      get: {
        ...streamOperation,
        requestParams: { ...streamOperation.requestParams, header: lastEventIdHeader },
      },
    },
    "/api/v1/developer/events/{id}": {
      get: operation({
        ...EVENTS_AUTH,
        operationId: "getEvent",
        summary: "Get an event",
        description: "One event of the last 30 days.",
        params: eventIdParams,
        success: { status: 200, description: "The event.", schema: eventSchema },
        errors: ["not_found"],
      }),
    },
    "/api/v1/developer/events/{id}/resend": {
      post: operation({
        ...EVENTS_RESEND_AUTH,
        operationId: "resendEvent",
        summary: "Resend an event to a webhook",
        description:
          "Sends an event of the last 30 days to one of your webhooks now, whether or not it subscribes to the " +
          "type. When the webhook already has a delivery of the event, that delivery gets a new attempt (same id " +
          "and body); otherwise a delivery is created. The delivery appears in the webhook's delivery log.",
        params: eventIdParams,
        body: resendEventInput,
        // One of your webhooks' ids (GET /api/v1/developer/webhooks).
        bodyExample: { webhookId: "wh_0Q3fJ7a2Xc9vB1nM4kLp8sTz" },
        success: { status: 202, description: "The attempt was queued.", schema: resendEventResult },
        errors: ["not_found", "webhook_disabled", "delivery_in_progress"],
      }),
    },
  },
};
