/**
 * The carrier interface: everything the message pipeline needs from an SMS provider. The sandbox
 * implements it today; real providers (an HTTP API with delivery callbacks, a long-lived SMPP
 * session) implement the same two halves: `submit` for the hand-off, and receipts that arrive
 * later and are applied with `applyReceipts` (server/messages/pipeline/receipts.ts).
 */
export interface OutboundMessage {
  id: string;
  organizationId: string;
  environment: "live" | "test";
  to: string;
  from: string;
  body: string;
  segments: number;
  encoding: "GSM-7" | "UCS-2";
  /** 1 on the first hand-off, higher when an earlier one was refused as retryable. */
  attempt: number;
}

export type SubmitResult =
  /** The carrier took the message: it becomes SENT. */
  | { messageId: string; outcome: "accepted"; providerMessageId: string }
  /** The carrier refused it for good (bad number, blocked content): it becomes FAILED. */
  | { messageId: string; outcome: "rejected"; errorCode: string; errorMessage: string }
  /** The carrier could not take it now (throttled, connection down): it stays QUEUED and is retried. */
  | { messageId: string; outcome: "retry"; errorMessage: string; retryAfterMs?: number };

export interface DeliveryReceipt {
  messageId: string;
  status: "DELIVERED" | "UNDELIVERED";
  errorCode?: string;
  errorMessage?: string;
}

export interface Carrier {
  /** Stored on the message (`provider`), e.g. "sandbox". */
  readonly name: string;
  /**
   * Hand a batch over. Must answer one result per message (any order); a message with no result
   * is treated as "retry". Must not throw for a single bad message; a throw means the whole batch
   * could not be handed over and is retried later.
   */
  submit(messages: readonly OutboundMessage[]): Promise<SubmitResult[]>;
}
