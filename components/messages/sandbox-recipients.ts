import type { MessageStatus } from "@/schemas/message-views";

/**
 * The sandbox's magic recipients (contract §5; the carrier is server/carriers/sandbox.ts), offered
 * as quick picks so every outcome can be tried from the dashboard.
 */
export const SANDBOX_RECIPIENTS: { to: string; outcome: MessageStatus; label: string; explain: string }[] = [
  { to: "+14155550123", outcome: "DELIVERED", label: "Delivered", explain: "Any other number is delivered." },
  {
    to: "+15005550001",
    outcome: "FAILED",
    label: "Fails",
    explain: "Refused by the carrier: FAILED with invalid_number.",
  },
  {
    to: "+15005550002",
    outcome: "UNDELIVERED",
    label: "Undelivered",
    explain: "Sent, then UNDELIVERED with carrier_rejected.",
  },
  { to: "+15005550003", outcome: "SENT", label: "No receipt", explain: "Stays SENT: no delivery receipt ever comes." },
  {
    // Not a status: the send itself is refused, as at the spend limit (outcome only colours the dot).
    to: "+15005550004",
    outcome: "FAILED",
    label: "Spend limit",
    explain: "Refused at once: 402 spending_limit_reached, as a live send past the monthly limit.",
  },
];
