/**
 * Submitting: at most `windowSize` `submit_sm` in flight across all callers; long messages go as
 * concatenated parts with a UDH (IE 0x00, 8-bit reference, esm_class 0x40). A message's outcome is
 * decided exactly once, from the SMSC's command_status; when the session is down the whole batch
 * answers "retry" at once. Every PDU waits for the connection's pace (connection-pace.ts); a
 * throttle answer (ESME_RTHROTTLED, ESME_RMSGQFUL) slows it and answers "throttled".
 */
import { inMessageSpan } from "../../tracing/spans";
import type { ConnectionPace } from "../connection-pace";
import type { OutboundMessage, SubmitResult } from "../types";
import { concatUdh, encodeBody } from "./encoding";
import type { PartOutcome, SmppSession } from "./session";
import { describeStatus, INVALID_DESTINATION, SmppStatusCode, THROTTLED, TRANSIENT } from "./status-codes";
import type { SmppCarrierOptions } from "./types";

/** Source address: alphanumeric sender IDs are TON 5 / NPI 0, numbers international (TON 1 / NPI 1). */
export function sourceAddress(from: string): { source_addr_ton: number; source_addr_npi: number; source_addr: string } {
  const digits = from.replace(/^\+/, "");
  return /^\d+$/.test(digits)
    ? { source_addr_ton: 1, source_addr_npi: 1, source_addr: digits }
    : { source_addr_ton: 5, source_addr_npi: 0, source_addr: from };
}

/** The connection's pace did not give this PDU a turn in time: it was not sent. */
type Paced = { paced: true };

export class SmppSubmitter {
  private readonly session: SmppSession;
  private readonly options: SmppCarrierOptions;
  private readonly windowSize: number;
  private readonly pace: ConnectionPace;
  private readonly paceMaxWaitMs: number;

  private inFlight = 0;
  private slotWaiters: (() => void)[] = [];
  private reference = Math.floor(Math.random() * 256);

  constructor(session: SmppSession, options: SmppCarrierOptions, pace: ConnectionPace) {
    this.session = session;
    this.options = options;
    this.windowSize = Math.max(1, options.windowSize ?? 10);
    this.pace = pace;
    this.paceMaxWaitMs = options.paceMaxWaitMs ?? 10_000;
  }

  async submit(messages: readonly OutboundMessage[]): Promise<SubmitResult[]> {
    if (!this.session.connection?.bound) {
      const why = this.session.notBoundReason();
      return messages.map((m) => ({ messageId: m.id, outcome: "retry", errorMessage: why }));
    }
    return Promise.all(
      messages.map((m) =>
        inMessageSpan(m.id, "smpp submit_sm", { "messaging.system": "smpp" }, () => this.submitOne(m)).catch(
          (err: unknown): SubmitResult => ({
            messageId: m.id,
            outcome: "retry",
            errorMessage: `SMPP submit failed: ${(err as Error).message}`,
            maybeTaken: true, // not known how far it got
          }),
        ),
      ),
    );
  }

  private async submitOne(m: OutboundMessage): Promise<SubmitResult> {
    const { dataCoding, parts } = encodeBody(m.body, m.encoding);
    if (parts.length > 255) {
      return {
        messageId: m.id,
        outcome: "rejected",
        errorCode: "message_too_long",
        errorMessage: `The message needs ${parts.length} parts; SMPP concatenation allows 255.`,
      };
    }
    const reference = parts.length > 1 ? this.nextReference() : 0;
    const base = {
      ...sourceAddress(m.from),
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      destination_addr: m.to.replace(/^\+/, ""),
      registered_delivery: 1,
      data_coding: dataCoding,
    };
    // How long this message may wait for the connection's pace, all its parts together: well
    // within the pipeline's claim lease, so it is never claimed again while it waits here.
    const paceDeadline = Date.now() + this.paceMaxWaitMs;
    // The message's provider id is the SMSC's message_id for the FIRST part: that is the id its
    // receipt carries (each part gets a receipt; the first one stands for the message).
    let providerMessageId: string | null = null;
    for (let i = 0; i < parts.length;) {
      const part = parts[i]!;
      const pdu =
        parts.length === 1
          ? { ...base, esm_class: 0x00, short_message: part }
          : {
              ...base,
              esm_class: 0x40,
              short_message: Buffer.concat([concatUdh(reference, parts.length, i + 1), part]),
            };
      const outcome = await this.sendInWindow(pdu, paceDeadline);
      const partial = i > 0 ? ` (part ${i + 1} of ${parts.length}; earlier parts were taken and are sent again)` : "";
      if ("paced" in outcome) {
        const pace = this.pace.currentMps();
        return this.slowDown(
          m.id,
          `Not sent: the SMPP connection is paced (${pace === null ? "no limit" : `${pace.toFixed(1)}/s`}) and its turn did not come within ${this.paceMaxWaitMs} ms${partial}.`,
          i > 0,
        );
      }
      if ("lost" in outcome) {
        // Written but unanswered, or earlier parts taken: the SMSC may hold (part of) it.
        const maybeTaken = outcome.written === true || i > 0;
        return { messageId: m.id, outcome: "retry", errorMessage: outcome.lost + partial, maybeTaken };
      }
      if (THROTTLED.has(outcome.status)) {
        this.pace.throttled();
        // The SMSC did not take this part: it goes again at the slower pace, and the parts it
        // took are not sent twice. A first part throttled leaves the whole message to the pipeline.
        if (i > 0) continue;
        return this.slowDown(m.id, `The SMSC answered ${describeStatus(outcome.status)}.`, false);
      }
      if (outcome.status !== SmppStatusCode.ESME_ROK) return this.refusal(m.id, outcome.status, partial);
      if (i === 0) providerMessageId = outcome.messageId;
      i++;
    }
    return { messageId: m.id, outcome: "accepted", providerMessageId: providerMessageId ?? "" };
  }

  /** "Slow down": the same message again later, the attempt not counted (never failed for this). */
  private slowDown(messageId: string, errorMessage: string, maybeTaken: boolean): SubmitResult {
    const retryAfterMs = Math.max(this.options.throttleRetryMs ?? 1_000, Math.ceil(this.pace.expectedWaitMs()));
    const result: SubmitResult = { messageId, outcome: "retry", errorMessage, retryAfterMs, throttled: true };
    if (maybeTaken) result.maybeTaken = true;
    return result;
  }

  private refusal(messageId: string, status: number, partial: string): SubmitResult {
    const what = `The SMSC answered ${describeStatus(status)}${partial}.`;
    if (TRANSIENT.has(status)) {
      const conn = this.session.connection;
      if (status === SmppStatusCode.ESME_RINVBNDSTS && conn) this.session.drop(conn, "the SMSC says we are not bound");
      return { messageId, outcome: "retry", errorMessage: what };
    }
    if (INVALID_DESTINATION.has(status))
      return { messageId, outcome: "rejected", errorCode: "invalid_number", errorMessage: what };
    return { messageId, outcome: "rejected", errorCode: "carrier_rejected", errorMessage: what };
  }

  private nextReference(): number {
    this.reference = (this.reference + 1) & 0xff;
    return this.reference;
  }

  /**
   * Takes a window slot, waits for the connection's pace (inside the window, so the PDU goes on
   * the wire at its turn), sends one submit_sm on the current connection and waits for its answer.
   */
  private async sendInWindow(fields: Record<string, unknown>, paceDeadline: number): Promise<PartOutcome | Paced> {
    await this.acquireSlot();
    try {
      if (!(await this.pace.take(Math.max(0, paceDeadline - Date.now())))) return { paced: true };
      const conn = this.session.connection;
      if (!conn?.bound || conn.closed) return { lost: this.session.notBoundReason(), written: false };
      return await this.session.request(conn, "submit_sm", fields, (resp) => ({
        status: resp.command_status,
        messageId: typeof resp.message_id === "string" ? resp.message_id : "",
      }));
    } finally {
      this.releaseSlot();
    }
  }

  private acquireSlot(): Promise<void> {
    if (this.inFlight < this.windowSize) {
      this.inFlight++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.slotWaiters.push(resolve));
  }

  private releaseSlot(): void {
    const next = this.slotWaiters.shift();
    if (next)
      next(); // the slot passes straight to the next waiter
    else this.inFlight--;
  }
}
