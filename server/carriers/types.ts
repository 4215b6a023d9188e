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
  /**
   * Set when an earlier hand-off may have reached this provider without an answer (a time-out after
   * the request was written): the message may only go to this provider again, never fail over, so
   * it is never accepted by two providers.
   */
  pinnedProvider?: string | null;
}

export type SubmitResult =
  /** The carrier took the message: it becomes SENT. */
  (
    | { messageId: string; outcome: "accepted"; providerMessageId: string }
    /** The carrier refused it for good (bad number, blocked content): it becomes FAILED. */
    | { messageId: string; outcome: "rejected"; errorCode: string; errorMessage: string }
    /**
     * The carrier could not take it now: it stays QUEUED and is retried. `maybeTaken` says the
     * request reached the carrier and no answer came back (a time-out, a connection lost after the
     * write): it may have been taken, so it must not fail over to another provider. Without it the
     * refusal is definite (not connected, throttled, 5xx) and the next provider may take it.
     */
    | {
        messageId: string;
        outcome: "retry";
        errorMessage: string;
        retryAfterMs?: number;
        maybeTaken?: boolean;
        /**
         * The carrier said "slow down" (SMPP ESME_RTHROTTLED / ESME_RMSGQFUL, HTTP 429): the same
         * message is tried again later, the attempt not counted; a throttle never fails a message.
         */
        throttled?: boolean;
      }
  ) & {
    /** Which provider answered, when a composite carrier (failover) chose among several. */
    provider?: string;
  };

export interface DeliveryReceipt {
  organizationId: string;
  messageId: string;
  status: "DELIVERED" | "UNDELIVERED";
  errorCode?: string;
  errorMessage?: string;
}

/** What the dashboard shows of a provider's live state (read-only). */
export interface CarrierState {
  provider: string;
  /** smpp: bound / connecting / reconnecting / stopped; http: ready / failing. */
  status: string;
  lastError: string | null;
  /** Since when `status` holds. */
  since: Date;
}

export interface Carrier {
  /** Stored on the message (`provider`), e.g. "sandbox". */
  readonly name: string;
  /** Live state for the dashboard; carriers without a connection to watch need not say. */
  describe?(): CarrierState[];
  /**
   * Hand a batch over. Must answer one result per message (any order); a message with no result
   * is treated as "retry". Must not throw for a single bad message; a throw means the whole batch
   * could not be handed over and is retried later.
   */
  submit(messages: readonly OutboundMessage[]): Promise<SubmitResult[]>;
}
