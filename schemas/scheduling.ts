import { z } from "zod";

/** contract §11: 200 of `POST /api/v1/sms/batches/:batchId/cancel`. */
export const batchCancelResponse = z
  .object({
    batchId: z.string().meta({ example: "bat_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    canceled: z.number().int().meta({ description: "Messages of the batch that were SCHEDULED and are now CANCELED." }),
  })
  .meta({ id: "BatchCancelResult" });
export type BatchCancelResponse = z.infer<typeof batchCancelResponse>;

/** contract §11: why a message was canceled, in the `message.canceled` event. */
export const CANCEL_REASONS = ["api", "opted_out", "campaign"] as const;
