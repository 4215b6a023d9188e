import { z } from "zod";
import { listCursorSchema } from "./common";
import { messageStatusResponse, messageStatusSchema, senderSchema } from "./messages";
import { E164 } from "./phone";
import { isoInstantSchema } from "./dates";

/** contract §9: one entry of `GET /api/v1/sms`, the §5 status object and where it belongs. */
export const messageHistoryItem = messageStatusResponse
  .extend({
    direction: z.enum(["outbound", "inbound"]),
    batchId: z.string().nullable().meta({ description: "The bulk request it came from; null for single sends." }),
  })
  .meta({ id: "MessageHistoryItem" });
export type MessageHistoryItem = z.infer<typeof messageHistoryItem>;

/** contract §9: `GET /api/v1/sms` filters (the key's environment is implied). */
export const messageHistoryQuery = z
  .strictObject({
    status: messageStatusSchema.optional(),
    to: z.string().regex(E164, "An E.164 number, e.g. +14155550123.").optional(),
    from: senderSchema.optional().meta({ description: "The sender label or number, exactly." }),
    batchId: z.string().min(1).max(64).optional(),
    direction: z.enum(["outbound", "inbound"]).optional(),
    createdAfter: isoInstantSchema.optional().meta({ description: "ISO 8601; inclusive." }),
    createdBefore: isoInstantSchema.optional().meta({ description: "ISO 8601; exclusive." }),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: listCursorSchema.optional(),
  })
  .refine((v) => !v.createdAfter || !v.createdBefore || v.createdAfter < v.createdBefore, {
    message: "`createdBefore` must be after `createdAfter`.",
    path: ["createdBefore"],
  });
export type MessageHistoryQuery = z.output<typeof messageHistoryQuery>;

export const batchIdParam = z.object({
  batchId: z
    .string()
    .meta({ description: "The `batchId` a bulk send answered.", example: "bat_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
});

/** contract §9: `GET /api/v1/sms/batches/:batchId`. */
export const batchSummaryResponse = z
  .object({
    batchId: z.string(),
    createdAt: z.string(),
    total: z.number().int(),
    counts: z.object({
      QUEUED: z.number().int(),
      SENT: z.number().int(),
      DELIVERED: z.number().int(),
      UNDELIVERED: z.number().int(),
      FAILED: z.number().int(),
      SCHEDULED: z.number().int().meta({ description: "Waiting for their `sendAt` (contract §11)." }),
      CANCELED: z.number().int(),
    }),
  })
  .meta({ id: "BatchSummary" });
export type BatchSummary = z.infer<typeof batchSummaryResponse>;
