import { z } from "zod";
import { listCursorSchema, timestampSchema } from "./common";

/** contract §13: how far back the list and get reach, and how long a stream can be resumed. */
export const EVENTS_LIST_DAYS = 30;
export const STREAM_RESUME_HOURS = 24;

// "message.delivered", a family "message.*", or "*" for everything.
const TYPE_PATTERN = /^(\*|[a-z][a-z0-9_]*\.(\*|[a-z][a-z0-9_]*))$/;

/**
 * `types=message.delivered,otp.*`: comma-separated event types; `family.*` matches a family and
 * `*` everything. Omitted or empty: every type.
 */
export const eventTypesParam = z
  .string()
  .max(1000)
  .transform((raw, ctx) => {
    const list = raw
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    for (const t of list) {
      if (!TYPE_PATTERN.test(t)) {
        ctx.addIssue({ code: "custom", message: `"${t.slice(0, 64)}" is not an event type or family (message.*)` });
        return z.NEVER;
      }
    }
    return list.length === 0 || list.includes("*") ? [] : [...new Set(list)];
  });

/** True when `type` is selected by a parsed `types` list (empty: everything). */
export function matchesTypes(types: readonly string[], type: string): boolean {
  if (types.length === 0) return true;
  for (const t of types) {
    if (t === type) return true;
    if (t.endsWith(".*") && type.startsWith(t.slice(0, -1))) return true;
  }
  return false;
}

export const eventsQuery = z.strictObject({
  types: eventTypesParam.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: listCursorSchema.optional(),
});
export type EventsQuery = z.output<typeof eventsQuery>;

export const streamQuery = z.strictObject({
  types: eventTypesParam.optional(),
});

/** The seed's webhook envelope: the shape of every event in the list, get and stream. */
export const eventSchema = z
  .object({
    id: z.string().meta({ description: "The event's id (`evt_…`).", example: "evt_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    event: z.string().meta({ description: "The event type.", example: "message.delivered" }),
    timestamp: timestampSchema.meta({ description: "When the event happened." }),
    payload: z.record(z.string(), z.unknown()).meta({ description: "The event's data, as in a webhook delivery." }),
  })
  .meta({ id: "Event" });
export type EventEnvelope = z.infer<typeof eventSchema>;

export const resendEventInput = z
  .strictObject({
    webhookId: z.string().min(1).max(64).meta({ description: "The webhook to send the event to (`wh_…`)." }),
  })
  .meta({ id: "ResendEventInput" });

export const resendEventResult = z
  .object({
    deliveryId: z.string().meta({ example: "dlv_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    status: z.literal("PENDING"),
  })
  .meta({ id: "EventResend" });
