/** A final delivery report from a real carrier, named by the carrier's own message id. */
export interface CarrierReceiptInput {
  provider: string;
  providerMessageId: string;
  /** Our id, when the carrier echoes it (Twilio's StatusCallback URL): the receipt is for that message only. */
  messageId?: string;
  /** The handset the receipt is about, when the carrier says (SMPP source_addr, Twilio To); any format. */
  handset?: string;
  status: "DELIVERED" | "UNDELIVERED" | "FAILED";
  errorCode?: string;
  errorMessage?: string;
}
