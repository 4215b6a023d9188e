import type { Db } from "../db/client";
import { AppError } from "../errors";
import { getMessageOrThrow } from "../messages/get-message-or-throw";
import { toMessageStatusView, type MessageStatusView } from "../messages/to-status-view";
import type { SimulateInboundInput } from "@/schemas/inbound";
import { receiveInboundMessage } from "./receive-inbound";

/** The receiving number of a simulated message when the organization has none of its own. */
export const SANDBOX_RECEIVING_NUMBER = "+15005550006";

/**
 * contract §10 `POST /api/v1/sms/inbound`: a sandbox message as if a phone had sent it to one of
 * the organization's numbers (`to`, by default its first, or SANDBOX_RECEIVING_NUMBER). It goes
 * through the same path as a carrier's: stored, `message.received`, keywords (a STOP really opts
 * the number out, and the reply is a sandbox message). Sandbox keys only: live inbound messages
 * come from carriers.
 */
export async function simulateInbound(
  db: Db,
  key: { organizationId: string; environment: "live" | "test" },
  input: SimulateInboundInput,
): Promise<MessageStatusView> {
  if (key.environment !== "test") {
    throw new AppError("forbidden", "Only sandbox keys (sg_test_…) can simulate inbound messages.");
  }
  const to =
    input.to ??
    (
      await db.phoneNumber.findFirst({
        where: { organizationId: key.organizationId },
        orderBy: { number: "asc" },
        select: { number: true },
      })
    )?.number ??
    SANDBOX_RECEIVING_NUMBER;
  const stored = await receiveInboundMessage(db, {
    from: input.from,
    to,
    body: input.body,
    environment: "test",
    organizationId: key.organizationId,
    provider: "sandbox",
  });
  if (stored.outcome !== "stored") throw new Error(`simulated inbound message not stored: ${stored.outcome}`);
  return toMessageStatusView(await getMessageOrThrow(db, key.organizationId, stored.messageId));
}
