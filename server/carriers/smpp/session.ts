/**
 * The SMPP session: connect, `bind_transceiver`, `enquire_link` every `enquireLinkMs`; when the
 * connection drops, a bind is refused or a request goes unanswered, the session is torn down and
 * rebuilt with exponential back-off until `stop()`. Also sends requests and settles them with their
 * response (or `lost`), and answers the SMSC's own requests (deliver_sm through `handleDeliverSm`).
 */
import { randomBytes } from "node:crypto";
import smpp, { type PDU, type Session } from "smpp";
import { handleDeliverSm } from "./receipts";
import { describeStatus, SmppStatusCode } from "./status-codes";
import type { SmppCarrierOptions, SmppLogger, SmppState, SmppStatus } from "./types";

/**
 * A request's answer, or `lost` without one. `written` says the PDU had been handed to the socket
 * before it was lost: the SMSC may have taken it (so a message must not fail over to another
 * provider); without it the request certainly never left.
 */
export type PartOutcome = { status: number; messageId: string } | { lost: string; written?: boolean };

export interface Connection {
  /** Unique per connection, across processes: MO deliveries name it (SmppMo.delivery). */
  id: string;
  session: Session;
  bound: boolean;
  closed: boolean;
  /** Settles every request still waiting for a response when the connection goes. */
  pending: Set<(outcome: PartOutcome) => void>;
  timers: Set<NodeJS.Timeout>;
  keepAlive: NodeJS.Timeout | null;
  closedPromise: Promise<void>;
}

// Connection ids: this process's random id and a counter.
const PROCESS_ID = randomBytes(6).toString("hex");
let connections = 0;

export class SmppSession {
  private readonly options: SmppCarrierOptions;
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

  constructor(options: SmppCarrierOptions, log: SmppLogger) {
    this.options = options;
    this.enquireLinkMs = options.enquireLinkMs ?? 30_000;
    this.submitTimeoutMs = options.submitTimeoutMs ?? 10_000;
    this.log = log;
  }

  /** The current connection, bound or not (null between attempts and when stopped). */
  get connection(): Connection | null {
    return this.conn;
  }

  /** "SMPP session is not bound (reconnecting: …)" */
  notBoundReason(): string {
    return `SMPP session is not bound (${this.status}${this.lastError ? `: ${this.lastError}` : ""})`;
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

  /**
   * Sends a request and settles with its response, or with `lost` when the connection goes or no
   * response arrives within submitTimeoutMs. An unanswered request means the session is stuck: it
   * is torn down (everything outstanding answers retry) rather than left to time out one by one.
   */
  request(
    conn: Connection,
    command: string,
    fields: Record<string, unknown>,
    onResponse: (resp: PDU) => PartOutcome,
  ): Promise<PartOutcome> {
    return new Promise((resolve) => {
      let done = false;
      let written = false;
      const finish = (outcome: PartOutcome) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        conn.timers.delete(timer);
        conn.pending.delete(finish);
        resolve("lost" in outcome ? { lost: outcome.lost, written } : outcome);
      };
      const timer = setTimeout(() => {
        const why = `no ${command}_resp within ${this.submitTimeoutMs} ms`;
        finish({ lost: why });
        this.drop(conn, why);
      }, this.submitTimeoutMs);
      conn.timers.add(timer);
      conn.pending.add(finish);
      try {
        written = conn.session.send(new smpp.PDU(command, fields), (resp) => finish(onResponse(resp)));
        if (!written) finish({ lost: "the SMPP connection is not writable" });
      } catch (err) {
        finish({ lost: `could not encode ${command}: ${(err as Error).message}` });
      }
    });
  }

  private connect(): void {
    this.reconnectTimer = null;
    if (this.stopped) return;
    let markClosed: () => void = () => {};
    const closedPromise = new Promise<void>((resolve) => (markClosed = resolve));
    const session = smpp.connect({ ...this.options.tls, url: this.options.url }, () => this.bind(conn));
    const conn: Connection = {
      id: `${PROCESS_ID}.${++connections}`,
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
  drop(conn: Connection, reason: string): void {
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

  /** Answers every deliver_sm, after `handleDeliverSm` has handed a final receipt on. */
  private async onDeliverSm(conn: Connection, pdu: PDU): Promise<void> {
    try {
      const { commandStatus, mo } = await handleDeliverSm(pdu, this.options, this.log, conn.id);
      // If the connection went meanwhile, nothing is acknowledged and the SMSC redelivers.
      if (conn.closed) return;
      const acknowledged = this.options.onInboundAcknowledged;
      const written =
        mo && acknowledged && commandStatus === SmppStatusCode.ESME_ROK ? () => acknowledged(mo) : undefined;
      conn.session.send(pdu.response({ command_status: commandStatus }), undefined, written);
    } catch (err) {
      this.log.warn("SMPP deliver_sm could not be answered", { error: (err as Error).message });
    }
  }
}
