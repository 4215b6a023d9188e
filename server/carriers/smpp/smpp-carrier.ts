/**
 * An SMPP 3.4 client as a `Carrier`: one long-lived `bind_transceiver` session per instance that
 * submits messages (`submit_sm`, a window of outstanding requests) and takes delivery receipts
 * (`deliver_sm`) on the same connection. Not wired into the app yet (see "Real carriers").
 *
 * - Session: connect, bind, `enquire_link` every `enquireLinkMs`; when the connection drops, a bind
 *   is refused or a request goes unanswered, the session is torn down and rebuilt with exponential
 *   back-off until `stop()`. `state()` tells a dashboard where it stands.
 * - Submit: at most `windowSize` `submit_sm` in flight across all callers; long messages go as
 *   concatenated parts with a UDH (IE 0x00, 8-bit reference, esm_class 0x40). A message's outcome
 *   is decided exactly once; when the session is down the whole batch answers "retry" at once.
 * - Receipts: every `deliver_sm` is answered, but only after `onReceipt` has taken the receipt, so
 *   a receipt lost in a crash is redelivered by the SMSC. `onReceipt` must therefore be idempotent.
 */
import smpp, { type PDU, type Session } from "smpp";
import type { ConnectionOptions } from "node:tls";
import type { Carrier, OutboundMessage, SubmitResult } from "../types";
import { concatUdh, encodeBody } from "./encoding";

export interface SmppReceipt {
  providerMessageId: string;
  status: "DELIVERED" | "UNDELIVERED";
  errorCode?: string;
  errorMessage?: string;
}

export interface SmppLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface SmppCarrierOptions {
  /** `smpp://host:port` or `ssmpp://host:port` (TLS). */
  url: string;
  systemId: string;
  password: string;
  systemType?: string;
  /** Most `submit_sm` outstanding at once (default 10). */
  windowSize?: number;
  /** Keep-alive period (default 30 s). */
  enquireLinkMs?: number;
  /** How long a response (bind, submit_sm, enquire_link) may take before the session is rebuilt (default 10 s). */
  submitTimeoutMs?: number;
  /** Reconnect back-off: first delay, doubled per failed attempt up to the cap (defaults 1 s, 60 s). */
  reconnectInitialMs?: number;
  reconnectMaxMs?: number;
  /** retryAfterMs answered for a throttled message (ESME_RTHROTTLED, ESME_RMSGQFUL; default 1 s). */
  throttleRetryMs?: number;
  /** Extra TLS options for `ssmpp://` (ca, servername, rejectUnauthorized …). */
  tls?: ConnectionOptions;
  /** Takes a final delivery receipt; the `deliver_sm` is acknowledged only when this resolves. */
  onReceipt: (receipt: SmppReceipt) => Promise<void> | void;
  log?: SmppLogger;
}

export type SmppStatus = "bound" | "connecting" | "reconnecting" | "stopped";

export interface SmppState {
  status: SmppStatus;
  lastError: string | null;
  since: Date;
}

export const SMPP_PROVIDER = "smpp";

/** SMPP command_status values this module acts on (SMPP 3.4 §5.1.3). */
export const SmppStatusCode = {
  ESME_ROK: 0x00,
  ESME_RINVBNDSTS: 0x04,
  ESME_RSYSERR: 0x08,
  ESME_RINVDSTADR: 0x0b,
  ESME_RMSGQFUL: 0x14,
  ESME_RINVDSTTON: 0x50,
  ESME_RINVDSTNPI: 0x51,
  ESME_RTHROTTLED: 0x58,
  ESME_RX_T_APPN: 0x64,
  ESME_RINVDSTADDRSUBUNIT: 0x106,
} as const;

const INVALID_DESTINATION = new Set<number>([
  SmppStatusCode.ESME_RINVDSTADR,
  SmppStatusCode.ESME_RINVDSTTON,
  SmppStatusCode.ESME_RINVDSTNPI,
  SmppStatusCode.ESME_RINVDSTADDRSUBUNIT,
]);
const THROTTLED = new Set<number>([SmppStatusCode.ESME_RTHROTTLED, SmppStatusCode.ESME_RMSGQFUL]);
/** Errors of the SMSC itself, not of the message: try again later. */
const TRANSIENT = new Set<number>([
  SmppStatusCode.ESME_RINVBNDSTS,
  SmppStatusCode.ESME_RSYSERR,
  SmppStatusCode.ESME_RX_T_APPN,
]);

const STATUS_NAMES = new Map<number, string>(Object.entries(smpp.errors).map(([name, code]) => [code, name]));

/** "ESME_RINVDSTADR (0x0000000B)" */
export function describeStatus(code: number): string {
  const hex = `0x${code.toString(16).toUpperCase().padStart(8, "0")}`;
  const name = STATUS_NAMES.get(code);
  return name ? `${name} (${hex})` : hex;
}

/** Source address: alphanumeric sender IDs are TON 5 / NPI 0, numbers international (TON 1 / NPI 1). */
export function sourceAddress(from: string): { source_addr_ton: number; source_addr_npi: number; source_addr: string } {
  const digits = from.replace(/^\+/, "");
  return /^\d+$/.test(digits)
    ? { source_addr_ton: 1, source_addr_npi: 1, source_addr: digits }
    : { source_addr_ton: 5, source_addr_npi: 0, source_addr: from };
}

// ---------------------------------------------------------------------------------------------
// Delivery receipts
// ---------------------------------------------------------------------------------------------

/** message_state TLV (SMPP 3.4 §5.3.2.35) to the receipt's `stat` word. */
const MESSAGE_STATES: Record<number, string> = {
  0: "SCHEDULED",
  1: "ENROUTE",
  2: "DELIVRD",
  3: "EXPIRED",
  4: "DELETED",
  5: "UNDELIV",
  6: "ACCEPTD",
  7: "UNKNOWN",
  8: "REJECTD",
};
const FINAL_FAILURES = new Set(["UNDELIV", "EXPIRED", "REJECTD", "DELETED", "UNKNOWN"]);
const INTERMEDIATE = new Set(["SCHEDULED", "ENROUTE", "ACCEPTD"]);

export type ParsedDeliver =
  | { kind: "not_receipt" }
  | { kind: "intermediate"; providerMessageId: string; stat: string }
  | { kind: "final"; receipt: SmppReceipt }
  | { kind: "malformed"; reason: string };

/**
 * The text of a receipt's short_message. The package decodes `data_coding` 0 (and 1) with the GSM
 * 03.38 table, but SMSCs write receipt text in ASCII: encoding it back gives the original octets,
 * so ids with `_`, `@` or `$` survive.
 */
function receiptText(pdu: PDU): string {
  const raw = pdu.short_message ?? pdu.message_payload;
  const value =
    typeof raw === "object" && raw !== null && !Buffer.isBuffer(raw) ? (raw as { message?: unknown }).message : raw;
  if (Buffer.isBuffer(value)) return value.toString("latin1");
  if (typeof value !== "string") return "";
  const coding = typeof pdu.data_coding === "number" ? pdu.data_coding & 0x0f : 0;
  return coding === 0 || coding === 1 ? smpp.gsmCoder.encode(value, 0).toString("latin1") : value;
}

/**
 * Reads a `deliver_sm`: a receipt when `esm_class` has bit 0x04. The id comes from the
 * `receipted_message_id` TLV, else from the text `id:… sub:… dlvrd:… submit date:… done date:…
 * stat:DELIVRD err:000 text:…`; the state from the text's `stat`, else the `message_state` TLV.
 * (Some SMSCs put the id in the text in another base than in submit_sm_resp; the TLV is preferred.)
 */
export function parseDeliverSm(pdu: PDU): ParsedDeliver {
  const esmClass = typeof pdu.esm_class === "number" ? pdu.esm_class : 0;
  if ((esmClass & 0x04) === 0) return { kind: "not_receipt" };
  const text = receiptText(pdu);
  const tlvId = typeof pdu.receipted_message_id === "string" ? pdu.receipted_message_id.trim() : "";
  const textId = /(?:^|\s)id:(\S+)/i.exec(text)?.[1] ?? "";
  const providerMessageId = tlvId || textId;
  if (!providerMessageId) return { kind: "malformed", reason: "receipt without a message id" };
  const stateTlv = typeof pdu.message_state === "number" ? MESSAGE_STATES[pdu.message_state] : undefined;
  const stat = (/(?:^|\s)stat:(\w+)/i.exec(text)?.[1] ?? stateTlv ?? "").toUpperCase();
  const err = /(?:^|\s)err:(\w+)/i.exec(text)?.[1];
  if (stat === "DELIVRD") return { kind: "final", receipt: { providerMessageId, status: "DELIVERED" } };
  if (FINAL_FAILURES.has(stat)) {
    return {
      kind: "final",
      receipt: {
        providerMessageId,
        status: "UNDELIVERED",
        errorCode: `carrier_${stat.toLowerCase()}`,
        errorMessage: `The carrier reported ${stat}${err === undefined ? "" : ` (err ${err})`}.`,
      },
    };
  }
  if (INTERMEDIATE.has(stat)) return { kind: "intermediate", providerMessageId, stat };
  return { kind: "malformed", reason: stat ? `unknown receipt state ${stat}` : "receipt without a state" };
}

// ---------------------------------------------------------------------------------------------
// The carrier
// ---------------------------------------------------------------------------------------------

type PartOutcome = { status: number; messageId: string } | { lost: string };

interface Connection {
  session: Session;
  bound: boolean;
  closed: boolean;
  /** Settles every request still waiting for a response when the connection goes. */
  pending: Set<(outcome: PartOutcome) => void>;
  timers: Set<NodeJS.Timeout>;
  keepAlive: NodeJS.Timeout | null;
  closedPromise: Promise<void>;
}

const silentLog: SmppLogger = { info: () => {}, warn: () => {} };

export class SmppCarrier implements Carrier {
  readonly name = SMPP_PROVIDER;

  private readonly options: SmppCarrierOptions;
  private readonly windowSize: number;
  private readonly enquireLinkMs: number;
  private readonly submitTimeoutMs: number;
  private readonly log: SmppLogger;

  private conn: Connection | null = null;
  private status: SmppStatus = "stopped";
  private lastError: string | null = null;
  private since = new Date();
  private stopped = true;
  private failedAttempts = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private settledListeners: (() => void)[] = [];

  private inFlight = 0;
  private slotWaiters: (() => void)[] = [];
  private reference = Math.floor(Math.random() * 256);

  constructor(options: SmppCarrierOptions) {
    if (!/^s?smpp:\/\/[^/]+:\d+\/?$/.test(options.url)) {
      throw new Error("SMPP url must look like smpp://host:port or ssmpp://host:port");
    }
    this.options = options;
    this.windowSize = Math.max(1, options.windowSize ?? 10);
    this.enquireLinkMs = options.enquireLinkMs ?? 30_000;
    this.submitTimeoutMs = options.submitTimeoutMs ?? 10_000;
    this.log = options.log ?? silentLog;
  }

  state(): SmppState {
    return { status: this.status, lastError: this.lastError, since: this.since };
  }

  /** Starts the session; resolves after the first bind attempt (bound or not), never rejects. */
  start(): Promise<void> {
    if (!this.stopped) return Promise.resolve();
    this.stopped = false;
    this.failedAttempts = 0;
    const settled = new Promise<void>((resolve) => this.settledListeners.push(resolve));
    this.setStatus("connecting");
    this.connect();
    return settled;
  }

  /** Unbinds and closes; requests still in flight answer "retry". */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const conn = this.conn;
    if (conn && !conn.closed) {
      if (conn.bound) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(this.submitTimeoutMs, 2_000));
          const sent = conn.session.unbind(() => {
            clearTimeout(timer);
            resolve();
          });
          if (!sent) {
            clearTimeout(timer);
            resolve();
          }
        });
      }
      this.drop(conn, "stopped");
      await conn.closedPromise;
    }
    this.setStatus("stopped");
    this.notifySettled();
  }

  async submit(messages: readonly OutboundMessage[]): Promise<SubmitResult[]> {
    if (!this.conn?.bound) {
      const why = `SMPP session is not bound (${this.status}${this.lastError ? `: ${this.lastError}` : ""})`;
      return messages.map((m) => ({ messageId: m.id, outcome: "retry", errorMessage: why }));
    }
    return Promise.all(
      messages.map((m) =>
        this.submitOne(m).catch((err: unknown): SubmitResult => ({
          messageId: m.id,
          outcome: "retry",
          errorMessage: `SMPP submit failed: ${(err as Error).message}`,
        })),
      ),
    );
  }

  // --- submit --------------------------------------------------------------------------------

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
    // The message's provider id is the SMSC's message_id for the FIRST part: that is the id its
    // receipt carries (each part gets a receipt; the first one stands for the message).
    let providerMessageId: string | null = null;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const pdu =
        parts.length === 1
          ? { ...base, esm_class: 0x00, short_message: part }
          : {
              ...base,
              esm_class: 0x40,
              short_message: Buffer.concat([concatUdh(reference, parts.length, i + 1), part]),
            };
      const outcome = await this.sendInWindow(pdu);
      const partial = i > 0 ? ` (part ${i + 1} of ${parts.length}; earlier parts were taken and are sent again)` : "";
      if ("lost" in outcome) return { messageId: m.id, outcome: "retry", errorMessage: outcome.lost + partial };
      if (outcome.status !== SmppStatusCode.ESME_ROK) return this.refusal(m.id, outcome.status, partial);
      if (i === 0) providerMessageId = outcome.messageId;
    }
    return { messageId: m.id, outcome: "accepted", providerMessageId: providerMessageId ?? "" };
  }

  private refusal(messageId: string, status: number, partial: string): SubmitResult {
    const what = `The SMSC answered ${describeStatus(status)}${partial}.`;
    if (THROTTLED.has(status)) {
      return { messageId, outcome: "retry", errorMessage: what, retryAfterMs: this.options.throttleRetryMs ?? 1_000 };
    }
    if (TRANSIENT.has(status)) {
      if (status === SmppStatusCode.ESME_RINVBNDSTS && this.conn)
        this.drop(this.conn, "the SMSC says we are not bound");
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

  /** Takes a window slot, sends one submit_sm on the current connection and waits for its answer. */
  private async sendInWindow(fields: Record<string, unknown>): Promise<PartOutcome> {
    await this.acquireSlot();
    try {
      const conn = this.conn;
      if (!conn?.bound || conn.closed) {
        return { lost: `SMPP session is not bound (${this.status}${this.lastError ? `: ${this.lastError}` : ""})` };
      }
      return await this.request(conn, "submit_sm", fields, (resp) => ({
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

  /**
   * Sends a request and settles with its response, or with `lost` when the connection goes or no
   * response arrives within submitTimeoutMs. An unanswered request means the session is stuck: it
   * is torn down (everything outstanding answers retry) rather than left to time out one by one.
   */
  private request(
    conn: Connection,
    command: string,
    fields: Record<string, unknown>,
    onResponse: (resp: PDU) => PartOutcome,
  ): Promise<PartOutcome> {
    return new Promise((resolve) => {
      let done = false;
      const finish = (outcome: PartOutcome) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        conn.timers.delete(timer);
        conn.pending.delete(finish);
        resolve(outcome);
      };
      const timer = setTimeout(() => {
        const why = `no ${command}_resp within ${this.submitTimeoutMs} ms`;
        finish({ lost: why });
        this.drop(conn, why);
      }, this.submitTimeoutMs);
      conn.timers.add(timer);
      conn.pending.add(finish);
      try {
        const sent = conn.session.send(new smpp.PDU(command, fields), (resp) => finish(onResponse(resp)));
        if (!sent) finish({ lost: "the SMPP connection is not writable" });
      } catch (err) {
        finish({ lost: `could not encode ${command}: ${(err as Error).message}` });
      }
    });
  }

  // --- session -------------------------------------------------------------------------------

  private connect(): void {
    this.reconnectTimer = null;
    if (this.stopped) return;
    let markClosed: () => void = () => {};
    const closedPromise = new Promise<void>((resolve) => (markClosed = resolve));
    const session = smpp.connect({ ...this.options.tls, url: this.options.url }, () => this.bind(conn));
    const conn: Connection = {
      session,
      bound: false,
      closed: false,
      pending: new Set(),
      timers: new Set(),
      keepAlive: null,
      closedPromise,
    };
    this.conn = conn;
    // A connect that neither succeeds nor fails (filtered port) counts as a failed attempt too.
    const connectTimer = setTimeout(() => {
      if (!conn.bound) this.drop(conn, `no bind within ${this.submitTimeoutMs} ms`);
    }, this.submitTimeoutMs);
    conn.timers.add(connectTimer);

    session.on("error", (err: Error) => this.drop(conn, `connection error: ${err.message}`));
    session.on("close", () => {
      markClosed();
      this.drop(conn, "the SMSC closed the connection");
    });
    session.on("enquire_link", (pdu: PDU) => {
      session.send(pdu.response());
    });
    session.on("unbind", (pdu: PDU) => {
      session.send(pdu.response());
      this.drop(conn, "the SMSC unbound the session");
    });
    session.on("deliver_sm", (pdu: PDU) => void this.onDeliverSm(conn, pdu));
    session.on("data_sm", (pdu: PDU) => {
      session.send(pdu.response({ command_status: SmppStatusCode.ESME_RX_T_APPN }));
    });
    session.on("pdu", (pdu: PDU) => {
      // Requests this client does not handle get a generic_nack, so the SMSC is not left waiting.
      if (pdu.command === "unknown") session.send(pdu.response());
    });
  }

  private bind(conn: Connection): void {
    void this.request(
      conn,
      "bind_transceiver",
      {
        system_id: this.options.systemId,
        password: this.options.password,
        system_type: this.options.systemType ?? "",
        interface_version: 0x34,
      },
      (resp) => ({ status: resp.command_status, messageId: "" }),
    ).then((outcome) => {
      if (conn.closed) return;
      if ("lost" in outcome) return this.drop(conn, `bind failed: ${outcome.lost}`);
      if (outcome.status !== SmppStatusCode.ESME_ROK) {
        return this.drop(conn, `bind refused: ${describeStatus(outcome.status)}`);
      }
      conn.bound = true;
      this.failedAttempts = 0;
      this.lastError = null;
      this.setStatus("bound");
      this.log.info("SMPP session bound", { url: this.options.url, systemId: this.options.systemId });
      this.scheduleKeepAlive(conn);
      this.notifySettled();
    });
  }

  private scheduleKeepAlive(conn: Connection): void {
    conn.keepAlive = setTimeout(() => {
      if (conn.closed) return;
      void this.request(conn, "enquire_link", {}, () => ({ status: 0, messageId: "" })).then((outcome) => {
        if (!("lost" in outcome)) this.scheduleKeepAlive(conn);
      });
    }, this.enquireLinkMs);
  }

  /** Tears a connection down (idempotent) and, unless stopped, schedules the next attempt. */
  private drop(conn: Connection, reason: string): void {
    if (conn.closed) return;
    conn.closed = true;
    const wasBound = conn.bound;
    conn.bound = false;
    if (conn.keepAlive) clearTimeout(conn.keepAlive);
    for (const timer of conn.timers) clearTimeout(timer);
    conn.timers.clear();
    for (const settle of [...conn.pending]) settle({ lost: `SMPP connection lost: ${reason}` });
    conn.session.destroy();
    if (this.conn !== conn) return;
    this.conn = null;
    if (this.stopped) return;
    this.lastError = reason;
    this.failedAttempts += 1;
    this.log.warn("SMPP session down; reconnecting", { url: this.options.url, reason, wasBound });
    const delay = Math.min(
      (this.options.reconnectInitialMs ?? 1_000) * 2 ** (this.failedAttempts - 1),
      this.options.reconnectMaxMs ?? 60_000,
    );
    this.setStatus("reconnecting");
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
    this.notifySettled();
  }

  private setStatus(status: SmppStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.since = new Date();
  }

  private notifySettled(): void {
    const listeners = this.settledListeners;
    this.settledListeners = [];
    for (const resolve of listeners) resolve();
  }

  // --- receipts ------------------------------------------------------------------------------

  /**
   * Answers every deliver_sm. A final receipt is handed to onReceipt first; if that throws, the
   * answer is ESME_RX_T_APPN (temporary error) so the SMSC delivers it again. Other deliver_sm
   * (intermediate receipts, mobile-originated messages, which nothing consumes yet) are
   * acknowledged and logged.
   */
  private async onDeliverSm(conn: Connection, pdu: PDU): Promise<void> {
    try {
      const commandStatus = await this.handleDeliverSm(pdu);
      // If the connection went meanwhile, nothing is acknowledged and the SMSC redelivers.
      if (!conn.closed) conn.session.send(pdu.response({ command_status: commandStatus }));
    } catch (err) {
      this.log.warn("SMPP deliver_sm could not be answered", { error: (err as Error).message });
    }
  }

  private async handleDeliverSm(pdu: PDU): Promise<number> {
    let commandStatus: number = SmppStatusCode.ESME_ROK;
    const parsed = parseDeliverSm(pdu);
    if (parsed.kind === "final") {
      try {
        await this.options.onReceipt(parsed.receipt);
      } catch (err) {
        commandStatus = SmppStatusCode.ESME_RX_T_APPN;
        this.log.warn("SMPP receipt could not be handed on; the SMSC will redeliver it", {
          providerMessageId: parsed.receipt.providerMessageId,
          error: (err as Error).message,
        });
      }
    } else if (parsed.kind === "malformed") {
      this.log.warn("SMPP receipt ignored", { reason: parsed.reason });
    } else if (parsed.kind === "not_receipt") {
      this.log.info("SMPP mobile-originated message ignored", { from: pdu.source_addr });
    }
    return commandStatus;
  }
}
