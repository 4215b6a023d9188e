import { formatMoney } from "@/schemas/money";
import type { NewMessage } from "./insert-messages";

/**
 * The payload of a `message.queued` event, built from the message being inserted: the same object
 * as the SQL function sg_message_event_payload gives for the new row (event-dispatch.int.test.ts
 * compares the two), without building jsonb per row in the database. `createdAt` is the ISO time
 * the row is created with (milliseconds, as the column stores).
 */
export function queuedEventPayload(m: NewMessage, createdAt: string) {
  return {
    messageId: m.id,
    to: m.to,
    from: m.from,
    // Scheduled sends (contract §11) are accepted as SCHEDULED, their event is `message.scheduled`.
    status: m.sendAt ? "SCHEDULED" : "QUEUED",
    environment: m.environment,
    segments: m.segments,
    encoding: m.encoding,
    price: formatMoney(m.priceUnits ?? 0),
    priceUnit: "USD",
    batchId: m.batchId,
    otpId: m.otpId,
    providerMessageId: null,
    errorCode: null,
    errorMessage: null,
    createdAt,
    sentAt: null,
    deliveredAt: null,
    failedAt: null,
    sendAt: m.sendAt ? m.sendAt.toISOString() : null,
    canceledAt: null,
  };
}
