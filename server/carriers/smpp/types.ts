/** The public types of the SMPP carrier (re-exported from `smpp-carrier.ts`). */
import type { ConnectionOptions } from "node:tls";
import type { ConnectionPaceOptions } from "../connection-pace";

export interface SmppReceipt {
  providerMessageId: string;
  /** The receipt's source_addr: the handset the message went to (SMSCs reuse ids; this tells them apart). */
  handset?: string;
  status: "DELIVERED" | "UNDELIVERED";
  errorCode?: string;
  errorMessage?: string;
}

/** A mobile-originated message or one part of it (a deliver_sm that is not a receipt). */
export interface SmppMo {
  /** The sender (E.164 when international). */
  from: string;
  /** The receiving number (destination_addr). */
  to: string;
  /** This deliver_sm's text, decoded. */
  text: string;
  /** Set for a part of a concatenated message (total > 1). */
  concat: { reference: number; total: number; seq: number } | null;
  /**
   * The deliver_sm that carried it. SMPP MO has no message id: an SMSC redelivering one it had no
   * deliver_sm_resp for sends the same octets again, which `fingerprint` (sha256 hex of the
   * addresses, data_coding, esm_class and user data) recognizes. `session` names the connection
   * (a delivery on it is in flight until answered), `id` this deliver_sm on it.
   */
  delivery: { fingerprint: string; session: string; id: string };
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
  /**
   * The least retryAfterMs answered for a throttled message (ESME_RTHROTTLED, ESME_RMSGQFUL, or
   * its turn at the connection's pace not coming in time; default 1 s).
   */
  throttleRetryMs?: number;
  /** The connection's pace: `ceiling` is SMPP_MAX_MPS (submit_sm per second; unset: none). */
  pace?: ConnectionPaceOptions;
  /** Longest a message waits for the pace, all its parts together, before answering "throttled" (default 10 s). */
  paceMaxWaitMs?: number;
  /** Extra TLS options for `ssmpp://` (ca, servername, rejectUnauthorized …). */
  tls?: ConnectionOptions;
  /** Takes a final delivery receipt; the `deliver_sm` is acknowledged only when this resolves. */
  onReceipt: (receipt: SmppReceipt) => Promise<void> | void;
  /**
   * Takes a mobile-originated message or part; the `deliver_sm` is acknowledged only when this has
   * stored it (so it must be idempotent per part). Without it MO messages are logged and dropped.
   */
  onInbound?: (mo: SmppMo) => Promise<void> | void;
  /** Told once the ESME_ROK deliver_sm_resp for `mo` has been written to the connection. */
  onInboundAcknowledged?: (mo: SmppMo) => void;
  log?: SmppLogger;
}

export type SmppStatus = "bound" | "connecting" | "reconnecting" | "stopped";

export interface SmppState {
  status: SmppStatus;
  lastError: string | null;
  since: Date;
}

export const SMPP_PROVIDER = "smpp";
