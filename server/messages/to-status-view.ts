import type { Message } from "../db/generated/client";
import { messageStatusResponse } from "@/schemas/messages";
import type { z } from "zod";
import { formatMoney } from "@/schemas/money";

export type MessageStatusView = z.output<typeof messageStatusResponse>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * contract §5 `GET /sms/:id/status`: the body only for sandbox messages, and for inbound ones
 * (contract §10: what a phone sent is the point of receiving it), with their direction and time.
 */
export function toMessageStatusView(m: Message): MessageStatusView {
  const inbound = m.direction === "inbound";
  return messageStatusResponse.parse({
    messageId: m.id,
    status: m.status,
    to: m.to,
    from: m.from,
    segments: m.segments,
    price: formatMoney(Number(m.priceUnits)),
    priceUnit: "USD",
    environment: m.environment,
    createdAt: m.createdAt.toISOString(),
    sentAt: iso(m.sentAt),
    deliveredAt: iso(m.deliveredAt),
    failedAt: iso(m.failedAt),
    errorCode: m.errorCode,
    errorMessage: m.errorMessage,
    ...(m.environment === "test" || inbound ? { body: m.body } : {}),
    ...(inbound ? { direction: "inbound", receivedAt: m.createdAt.toISOString() } : {}),
    ...(m.sendAt ? { sendAt: m.sendAt.toISOString() } : {}),
    ...(m.canceledAt ? { canceledAt: m.canceledAt.toISOString() } : {}),
    poolId: m.poolId,
  });
}
