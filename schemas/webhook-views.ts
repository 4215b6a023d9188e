import { z } from "zod";
import { listCursorSchema } from "./common";
import { deliverySchema, deliveryStatusSchema } from "./webhooks";

// What the dashboard reads about webhook deliveries. Client-safe: the tRPC procedures parse their
// answers through these schemas (so a new column never leaks by accident) and the pages import
// the same types and constants.

export const DELIVERY_PAGE_SIZE = 25;

export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

const idSchema = z.string().trim().min(1).max(64);

/**
 * The organization-wide delivery log (schemas/webhooks.ts `deliveryLogQuery`) as a tRPC input:
 * dates arrive as Dates (superjson), tRPC's infinite queries add `direction`, and `from` is
 * inclusive, `until` exclusive (the UI passes the day after the last day it shows).
 */
export const listDeliveriesInput = z
  .strictObject({
    webhookId: idSchema.optional(),
    status: deliveryStatusSchema.optional(),
    event: z.string().trim().min(1).max(64).optional(),
    messageId: idSchema.optional(),
    from: z.date().optional(),
    until: z.date().optional(),
    cursor: listCursorSchema.optional(),
    /** Added by infinite queries; paging only goes forward, so it is ignored. */
    direction: z.enum(["forward", "backward"]).optional(),
    limit: z.number().int().min(1).max(100).default(DELIVERY_PAGE_SIZE),
  })
  .refine((v) => !v.from || !v.until || v.from < v.until, {
    message: "The end of the date range is before its start.",
    path: ["until"],
  });
export type ListDeliveriesInput = z.input<typeof listDeliveriesInput>;

export const deliveryListItemSchema = deliverySchema.extend({ webhookId: z.string(), webhookName: z.string() });
export type DeliveryListItem = z.infer<typeof deliveryListItemSchema>;

export const deliveryPageSchema = z.object({
  items: z.array(deliveryListItemSchema),
  nextCursor: z.string().nullable(),
});
export type DeliveryPage = z.infer<typeof deliveryPageSchema>;

/**
 * An endpoint's health on the Webhooks page: the newest `sample` settled deliveries of the last
 * `windowMs` (a bounded read, server/webhooks/webhook-health.ts); under `failingBelow` succeeded,
 * the endpoint shows as Failing instead of Active.
 */
export const WEBHOOK_HEALTH = { windowMs: 24 * 3_600_000, sample: 200, failingBelow: 0.9 } as const;

export const webhookHealthSchema = z.object({
  webhookId: z.string(),
  settled: z.number().int(),
  succeeded: z.number().int(),
  /** succeeded ÷ settled, null when nothing settled in the window. */
  successRate: z.number().nullable(),
  failing: z.boolean(),
});
export type WebhookHealth = z.infer<typeof webhookHealthSchema>;
