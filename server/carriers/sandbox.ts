import type { Carrier, DeliveryReceipt, OutboundMessage, SubmitResult } from "./types";

/**
 * The sandbox carrier for `sg_test_` keys (contract §5): nothing leaves the service. Magic
 * recipients make every outcome reproducible; any other number is delivered.
 */
export const SANDBOX_NUMBERS = {
  failed: "+15005550001",
  undelivered: "+15005550002",
  noReceipt: "+15005550003",
  /**
   * Never reaches the carrier: accepting it answers 402 `spending_limit_reached` (per index in
   * bulk), as a live send past the monthly limit would (server/messages/insert-messages.ts).
   */
  spendingLimit: "+15005550004",
  /**
   * Never handed off: it waits until its validity ends and fails `expired` (contract §15), so a
   * client can test its handling with `validityPeriod: 5`.
   */
  neverSent: "+15005550005",
} as const;

export const SANDBOX_PROVIDER = "sandbox";

export const sandboxCarrier: Carrier = {
  name: SANDBOX_PROVIDER,
  async submit(messages: readonly OutboundMessage[]): Promise<SubmitResult[]> {
    return messages.map((m) =>
      m.to === SANDBOX_NUMBERS.failed
        ? {
            messageId: m.id,
            outcome: "rejected",
            errorCode: "invalid_number",
            errorMessage: "The sandbox carrier rejects this number (magic recipient +15005550001).",
          }
        : { messageId: m.id, outcome: "accepted", providerMessageId: `sbx_${m.id.slice(4)}` },
    );
  },
};

/** The receipt the sandbox "network" returns for a SENT message, or null when it never answers. */
export function sandboxReceipt(organizationId: string, messageId: string, to: string): DeliveryReceipt | null {
  if (to === SANDBOX_NUMBERS.noReceipt) return null;
  if (to === SANDBOX_NUMBERS.undelivered) {
    return {
      organizationId,
      messageId,
      status: "UNDELIVERED",
      errorCode: "carrier_rejected",
      errorMessage: "The destination carrier rejected the message (magic recipient +15005550002).",
    };
  }
  return { organizationId, messageId, status: "DELIVERED" };
}
