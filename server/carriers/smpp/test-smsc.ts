/**
 * TEST HELPER, not production: a real SMSC on 127.0.0.1 built with the `smpp` package's server, for
 * testing SmppCarrier end to end. It checks bind credentials, records every submit_sm, answers
 * with a status per destination (ROK with a fresh id by default), can throttle the whole connection
 * (ESME_RTHROTTLED beyond a rate, or for the next few submits), hold answers back, send
 * delivery receipts, and crash (drop every connection, stop listening) and come back on the same
 * port.
 */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import smpp, { type PDU, type Session, type Server } from "smpp";

export interface ReceivedSubmit {
  at: number;
  session: number;
  sourceAddr: string;
  sourceTon: number;
  sourceNpi: number;
  destinationAddr: string;
  destTon: number;
  destNpi: number;
  esmClass: number;
  dataCoding: number;
  registeredDelivery: number;
  /** The concatenation IE (0x00) when there is one. */
  concat: { reference: number; total: number; seq: number } | null;
  /** The user data as the package decoded it (GSM 03.38 for data_coding 0, UTF-16BE for 8). */
  text: string;
  /** Status answered (null while held or when the connection went first). */
  answeredStatus: number | null;
  /** message_id answered with ESME_ROK. */
  messageId: string | null;
}

export interface TestSmscOptions {
  systemId?: string;
  password?: string;
  /** Delay before answering each submit_sm (lets requests pile up in the window). */
  answerDelayMs?: number;
  /** TLS server (ssmpp) when given. */
  tls?: { key: string | Buffer; cert: string | Buffer };
  /** Listen here instead of a free port (a standalone SMSC for the browser tests). */
  port?: number;
  /** Send a DELIVRD receipt this long after accepting each message's first (or only) part. */
  receiptAfterMs?: number;
  /**
   * The first message id (hex), 0x1000 by default. Tests that reuse ids on a shared database start
   * elsewhere, so another test file's receipts never name their messages.
   */
  firstId?: number;
}

export interface ReceiptSpec {
  messageId: string;
  stat: "DELIVRD" | "UNDELIV" | "EXPIRED" | "REJECTD" | "DELETED" | "UNKNOWN" | "ENROUTE" | "ACCEPTD";
  err?: string;
  /** "tlv": receipted_message_id + message_state TLVs and the text; "text": the text only. */
  form?: "tlv" | "text";
  /**
   * The receipt's source_addr. By default, as a real SMSC: the destination of the newest message it
   * gave this id (ids repeat after `restart({ resetIds: true })`), else "14155550123".
   */
  handset?: string;
}

/** A mobile-originated deliver_sm (or one part of a concatenated one), as an SMSC sends it. */
export interface MoSpec {
  /** Digits without +, international (TON 1). */
  from: string;
  /** The receiving number, digits without + (TON 1), or a short code (TON 3). */
  to: string;
  /** The user data octets (unpacked GSM-7, UTF-16BE, …). */
  userData: Buffer;
  dataCoding: number;
  /** Concatenation: a UDH IE (8- or 16-bit reference) or the SAR TLVs. */
  concat?: { form: "udh8" | "udh16" | "sar"; reference: number; total: number; seq: number };
}

const FIRST_ID = 0x1000;

const STATE_OF: Record<ReceiptSpec["stat"], number> = {
  ENROUTE: 1,
  DELIVRD: 2,
  EXPIRED: 3,
  DELETED: 4,
  UNDELIV: 5,
  ACCEPTD: 6,
  UNKNOWN: 7,
  REJECTD: 8,
};

function concatIe(udh: unknown): ReceivedSubmit["concat"] {
  if (!Array.isArray(udh)) return null;
  for (const ie of udh as Buffer[]) {
    if (ie[0] === 0x00 && ie[1] === 0x03) return { reference: ie[2]!, total: ie[3]!, seq: ie[4]! };
  }
  return null;
}

export class TestSmsc {
  readonly systemId: string;
  readonly password: string;
  port = 0;
  readonly submits: ReceivedSubmit[] = [];
  readonly binds: { systemId: string; password: string; ok: boolean }[] = [];
  /** Every deliver_sm_resp the SMSC got back. */
  readonly deliverResponses: PDU[] = [];
  deliverSent = 0;
  enquireLinks = 0;
  /** submit_sm received but not answered yet, now and at most. */
  outstanding = 0;
  maxOutstanding = 0;
  answerDelayMs: number;

  private server: Server | null = null;
  private readonly tls: TestSmscOptions["tls"];
  private readonly receiptAfterMs: number | undefined;
  private readonly statusByDestination = new Map<string, number>();
  private readonly bound = new Set<Session>();
  private readonly sessionIds = new Map<Session, number>();
  private answerBudget = Infinity;
  private throttleStatus: number = smpp.errors.ESME_RTHROTTLED!;
  private throttleCount = 0;
  private throttleMps: number | null = null;
  /** When the submits let through in the last second came (for `throttleAbove`). */
  private readonly recentSubmits: number[] = [];
  private hung = false;
  private readonly held: (() => void)[] = [];
  private readonly firstId: number;
  private nextId: number;
  private nextSession = 0;

  private constructor(options: TestSmscOptions) {
    this.systemId = options.systemId ?? "signalgate";
    this.password = options.password ?? "secret";
    this.answerDelayMs = options.answerDelayMs ?? 0;
    this.tls = options.tls;
    this.receiptAfterMs = options.receiptAfterMs;
    this.firstId = options.firstId ?? FIRST_ID;
    this.nextId = this.firstId;
  }

  static async start(options: TestSmscOptions = {}): Promise<TestSmsc> {
    const smsc = new TestSmsc(options);
    await smsc.listen(options.port ?? 0);
    return smsc;
  }

  get url(): string {
    return `${this.tls ? "ssmpp" : "smpp"}://127.0.0.1:${this.port}`;
  }

  /** Sessions currently bound. */
  get boundSessions(): number {
    return this.bound.size;
  }

  /** Answers submit_sm to this destination (without +) with `status` instead of ESME_ROK. */
  setStatus(destination: string, status: number): void {
    this.statusByDestination.set(destination.replace(/^\+/, ""), status);
  }

  /**
   * A connection-wide throttle, as an SMSC enforcing a rate: every submit_sm beyond `perSecond`
   * in any one second (a sliding window; throttled ones do not count) is answered `status`
   * (ESME_RTHROTTLED by default; ESME_RMSGQFUL is 0x14). null lifts it.
   */
  throttleAbove(perSecond: number | null, status: number = smpp.errors.ESME_RTHROTTLED!): void {
    this.throttleMps = perSecond;
    this.throttleStatus = status;
  }

  /** Answers the next `count` submit_sm `status` (ESME_RTHROTTLED by default), whatever their destination. */
  throttleNext(count: number, status: number = smpp.errors.ESME_RTHROTTLED!): void {
    this.throttleCount = count;
    this.throttleStatus = status;
  }

  /** Answers `count` more submit_sm, then holds the rest unanswered until `release()`. */
  holdAfter(count: number): void {
    this.answerBudget = count;
  }

  release(): void {
    this.answerBudget = Infinity;
    for (const answer of this.held.splice(0)) answer();
  }

  /** Stops answering anything (enquire_link included) while keeping the connections open. */
  hang(): void {
    this.hung = true;
    this.answerBudget = 0;
  }

  resume(): void {
    this.hung = false;
    this.release();
  }

  /** Simulates a crash: every connection is destroyed unanswered and the port stops listening. */
  async crash(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.held.splice(0);
    this.outstanding = 0;
    if (!server) return;
    for (const session of [...server.sessions]) session.destroy();
    this.bound.clear();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Comes back on the same port after `crash()`. `resetIds`: numbers its messages from the start
   * again, as real SMSCs do after a restart (ids are unique only for a while).
   */
  async restart(options: { resetIds?: boolean } = {}): Promise<void> {
    if (options.resetIds) this.nextId = this.firstId;
    this.answerBudget = Infinity;
    this.hung = false;
    await this.listen(this.port);
  }

  async close(): Promise<void> {
    await this.crash();
  }

  /** Sends a delivery receipt on a bound session and resolves with the deliver_sm_resp. */
  sendReceipt(spec: ReceiptSpec): Promise<PDU> {
    const session = [...this.bound].at(-1);
    if (!session) return Promise.reject(new Error("no bound session"));
    const err = spec.err ?? (spec.stat === "DELIVRD" ? "000" : "001");
    const text =
      `id:${spec.messageId} sub:001 dlvrd:${spec.stat === "DELIVRD" ? "001" : "000"} ` +
      `submit date:2611221200 done date:2611221201 stat:${spec.stat} err:${err} text:hello`;
    const fields: Record<string, unknown> = {
      source_addr_ton: 1,
      source_addr_npi: 1,
      source_addr:
        spec.handset ?? this.submits.findLast((s) => s.messageId === spec.messageId)?.destinationAddr ?? "14155550123",
      destination_addr: "SignalGate",
      esm_class: 0x04,
      data_coding: 0,
      // Receipt text is ASCII octets, as SMSCs send it.
      short_message: Buffer.from(text, "latin1"),
    };
    if ((spec.form ?? "tlv") === "tlv") {
      fields.receipted_message_id = spec.messageId;
      fields.message_state = STATE_OF[spec.stat];
    }
    return new Promise((resolve, reject) => {
      this.deliverSent += 1;
      const sent = session.deliver_sm(fields, (resp) => {
        this.deliverResponses.push(resp);
        resolve(resp);
      });
      if (!sent) reject(new Error("session not writable"));
    });
  }

  /** Sends a mobile-originated deliver_sm on a bound session and resolves with its deliver_sm_resp. */
  sendMo(spec: MoSpec): Promise<PDU> {
    const session = [...this.bound].at(-1);
    if (!session) return Promise.reject(new Error("no bound session"));
    const c = spec.concat;
    let udh: Buffer | null = null;
    if (c?.form === "udh8") udh = Buffer.from([0x05, 0x00, 0x03, c.reference & 0xff, c.total, c.seq]);
    if (c?.form === "udh16") {
      udh = Buffer.from([0x06, 0x08, 0x04, (c.reference >> 8) & 0xff, c.reference & 0xff, c.total, c.seq]);
    }
    const fields: Record<string, unknown> = {
      source_addr_ton: 1,
      source_addr_npi: 1,
      source_addr: spec.from,
      dest_addr_ton: /^\d{3,8}$/.test(spec.to) ? 3 : 1,
      dest_addr_npi: 1,
      destination_addr: spec.to,
      esm_class: udh ? 0x40 : 0x00,
      data_coding: spec.dataCoding,
      short_message: udh ? Buffer.concat([udh, spec.userData]) : spec.userData,
    };
    if (c?.form === "sar") {
      fields.sar_msg_ref_num = c.reference;
      fields.sar_total_segments = c.total;
      fields.sar_segment_seqnum = c.seq;
    }
    return new Promise((resolve, reject) => {
      this.deliverSent += 1;
      const sent = session.deliver_sm(fields, (resp) => {
        this.deliverResponses.push(resp);
        resolve(resp);
      });
      if (!sent) reject(new Error("session not writable"));
    });
  }

  private async listen(port: number): Promise<void> {
    const server = smpp.createServer(this.tls ?? {}, (session) => this.onSession(session));
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  private onSession(session: Session): void {
    this.sessionIds.set(session, ++this.nextSession);
    session.on("error", () => {});
    session.on("close", () => this.bound.delete(session));
    session.on("bind_transceiver", (pdu: PDU) => {
      if (this.hung) return;
      const ok = pdu.system_id === this.systemId && pdu.password === this.password;
      this.binds.push({ systemId: String(pdu.system_id), password: String(pdu.password), ok });
      if (!ok) {
        session.send(pdu.response({ command_status: smpp.errors.ESME_RINVPASWD }));
        return;
      }
      session.send(pdu.response({ system_id: "TestSMSC" }));
      this.bound.add(session);
    });
    session.on("enquire_link", (pdu: PDU) => {
      this.enquireLinks += 1;
      if (!this.hung) session.send(pdu.response());
    });
    session.on("unbind", (pdu: PDU) => {
      this.bound.delete(session);
      session.send(pdu.response());
      session.close();
    });
    session.on("submit_sm", (pdu: PDU) => this.onSubmit(session, pdu));
  }

  private onSubmit(session: Session, pdu: PDU): void {
    if (!this.bound.has(session)) {
      session.send(pdu.response({ command_status: smpp.errors.ESME_RINVBNDSTS }));
      return;
    }
    const sm = pdu.short_message as { udh?: Buffer[]; message?: string } | undefined;
    const destination = String(pdu.destination_addr);
    const record: ReceivedSubmit = {
      at: Date.now(),
      session: this.sessionIds.get(session) ?? 0,
      sourceAddr: String(pdu.source_addr),
      sourceTon: Number(pdu.source_addr_ton),
      sourceNpi: Number(pdu.source_addr_npi),
      destinationAddr: destination,
      destTon: Number(pdu.dest_addr_ton),
      destNpi: Number(pdu.dest_addr_npi),
      esmClass: Number(pdu.esm_class),
      dataCoding: Number(pdu.data_coding),
      registeredDelivery: Number(pdu.registered_delivery),
      concat: concatIe(sm?.udh),
      text: typeof sm?.message === "string" ? sm.message : "",
      answeredStatus: null,
      messageId: null,
    };
    this.submits.push(record);
    const throttled = this.throttles(record.at);
    this.outstanding += 1;
    this.maxOutstanding = Math.max(this.maxOutstanding, this.outstanding);
    const server = this.server;
    const answer = () => {
      if (this.server !== server || session.socket.destroyed) return; // crashed meanwhile
      this.outstanding -= 1;
      const status = throttled ?? this.statusByDestination.get(destination) ?? smpp.errors.ESME_ROK!;
      record.answeredStatus = status;
      if (status === 0) {
        record.messageId = (this.nextId++).toString(16);
        session.send(pdu.response({ message_id: record.messageId }));
        if (this.receiptAfterMs !== undefined && (record.concat?.seq ?? 1) === 1) {
          const messageId = record.messageId;
          setTimeout(() => void this.sendReceipt({ messageId, stat: "DELIVRD" }).catch(() => {}), this.receiptAfterMs);
        }
      } else {
        session.send(pdu.response({ command_status: status }));
      }
    };
    if (this.answerBudget <= 0) {
      this.held.push(answer);
      return;
    }
    this.answerBudget -= 1;
    if (this.answerDelayMs > 0) setTimeout(answer, this.answerDelayMs);
    else answer();
  }

  /** The throttle answer for a submit_sm received at `at`, or null to let it through. */
  private throttles(at: number): number | null {
    if (this.throttleCount > 0) {
      this.throttleCount -= 1;
      return this.throttleStatus;
    }
    if (this.throttleMps === null) return null;
    while (this.recentSubmits.length > 0 && this.recentSubmits[0]! <= at - 1_000) this.recentSubmits.shift();
    if (this.recentSubmits.length >= this.throttleMps) return this.throttleStatus;
    this.recentSubmits.push(at);
    return null;
  }
}
