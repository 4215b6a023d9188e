/** A final delivery report from a real carrier, named by the carrier's own message id. */
export interface CarrierReceiptInput {
  provider: string;
  providerMessageId: string;
  /** Our id, when the carrier echoes it (Twilio's StatusCallback URL); informational. */
  messageId?: string;
  status: "DELIVERED" | "UNDELIVERED" | "FAILED";
  errorCode?: string;
  errorMessage?: string;
}
