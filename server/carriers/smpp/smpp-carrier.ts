/**
 * An SMPP 3.4 client as a `Carrier`: one long-lived `bind_transceiver` session per instance that
 * submits messages (`submit_sm`, a window of outstanding requests) and takes delivery receipts
 * (`deliver_sm`) on the same connection.
 *
 * - Session (`session.ts`): connect, bind, `enquire_link` every `enquireLinkMs`; when the
 *   connection drops, a bind is refused or a request goes unanswered, the session is torn down and
 *   rebuilt with exponential back-off until `stop()`. `state()` tells a dashboard where it stands.
 * - Submit (`submit.ts`): at most `windowSize` `submit_sm` in flight across all callers; long
 *   messages go as concatenated parts with a UDH (IE 0x00, 8-bit reference, esm_class 0x40). A
 *   message's outcome is decided exactly once; when the session is down the whole batch answers
 *   "retry" at once. Each submit_sm waits for the connection's pace (`connection-pace.ts`:
 *   SMPP_MAX_MPS, slowed by ESME_RTHROTTLED / ESME_RMSGQFUL, which answer "throttled").
 * - Receipts (`receipts.ts`): every `deliver_sm` is answered, but only after `onReceipt` has taken
 *   the receipt, so a receipt lost in a crash is redelivered by the SMSC. `onReceipt` must therefore
 *   be idempotent.
 * - Mobile-originated messages (`mobile-originated.ts`): a deliver_sm that is not a receipt is read
 *   (concatenation by UDH 8/16-bit reference or SAR TLVs; GSM-7 with its extension table, UCS-2)
 *   and handed to `onInbound`, and answered only once that has stored it.
 * - Status codes (`status-codes.ts`): the command_status values acted on and how they read.
 *
 * This module composes them and is the public entry point: import from here.
 */
import { ConnectionPace } from "../connection-pace";
import type { Carrier, CarrierState, OutboundMessage, SubmitResult } from "../types";
import { SmppSession } from "./session";
import { SmppSubmitter } from "./submit";
import { SMPP_PROVIDER, type SmppCarrierOptions, type SmppLogger, type SmppState } from "./types";

export { parseDeliverSm, type ParsedDeliver } from "./receipts";
export { describeStatus, SmppStatusCode } from "./status-codes";
export { sourceAddress } from "./submit";
export {
  SMPP_PROVIDER,
  type SmppCarrierOptions,
  type SmppLogger,
  type SmppMo,
  type SmppReceipt,
  type SmppState,
  type SmppStatus,
} from "./types";

const silentLog: SmppLogger = { info: () => {}, warn: () => {} };

export class SmppCarrier implements Carrier {
  readonly name = SMPP_PROVIDER;

  /** Every submit_sm waits for its turn here; a throttle answer slows it. */
  readonly pace: ConnectionPace;
  private readonly session: SmppSession;
  private readonly submitter: SmppSubmitter;

  constructor(options: SmppCarrierOptions) {
    if (!/^s?smpp:\/\/[^/]+:\d+\/?$/.test(options.url)) {
      throw new Error("SMPP url must look like smpp://host:port or ssmpp://host:port");
    }
    const log = options.log ?? silentLog;
    this.session = new SmppSession(options, log);
    this.pace = new ConnectionPace({
      ...options.pace,
      onCut: (mps) =>
        log.warn("SMPP throttled by the SMSC; the connection slows down", { mps: Number(mps.toFixed(2)) }),
    });
    this.submitter = new SmppSubmitter(this.session, options, this.pace);
  }

  state(): SmppState {
    return this.session.state();
  }

  describe(): CarrierState[] {
    const { status, lastError, since } = this.session.state();
    return [{ provider: this.name, status, lastError, since }];
  }

  /** Starts the session; resolves after the first bind attempt (bound or not), never rejects. */
  start(): Promise<void> {
    return this.session.start();
  }

  /** Unbinds and closes; requests still in flight answer "retry". */
  stop(): Promise<void> {
    return this.session.stop();
  }

  submit(messages: readonly OutboundMessage[]): Promise<SubmitResult[]> {
    return this.submitter.submit(messages);
  }
}
