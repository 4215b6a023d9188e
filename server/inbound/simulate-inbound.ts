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
  const to = await receivingNumber(db, key.organizationId, input.to);
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

/**
 * `to`, when given, must be one of the organization's own numbers (or the sandbox number while it
 * has none): a reply must never go out "from" another organization's number, or nobody's.
 */
async function receivingNumber(db: Db, organizationId: string, to: string | undefined): Promise<string> {
  const first = () =>
    db.phoneNumber.findFirst({ where: { organizationId }, orderBy: { number: "asc" }, select: { number: true } });
  if (to === undefined) return (await first())?.number ?? SANDBOX_RECEIVING_NUMBER;
  const owned = await db.phoneNumber.findFirst({ where: { organizationId, number: to }, select: { number: true } });
  if (owned || (to === SANDBOX_RECEIVING_NUMBER && !(await first()))) return to;
  throw new AppError("invalid_request", "`to` must be one of the organization's numbers (GET /api/v1/numbers).", {
    details: [{ path: "to", message: "Not one of the organization's numbers." }],
  });
}
