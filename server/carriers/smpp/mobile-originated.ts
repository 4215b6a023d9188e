/**
 * Mobile-originated messages (a `deliver_sm` that is not a receipt, contract §10): who sent it to
 * which number, its text, and, for a part of a concatenated message, where it belongs.
 *
 * Concatenation comes as a UDH information element, 0x00 (8-bit reference) or 0x08 (16-bit), or
 * as the SAR TLVs (sar_msg_ref_num, sar_total_segments, sar_segment_seqnum). Text: data_coding 8
 * is UCS-2 (UTF-16BE), 0 and 1 the GSM 03.38 default alphabet with its extension table (one septet
 * per octet, as SMPP carries it), 3 Latin-1. The `smpp` package already decodes short_message per
 * data_coding (and takes the UDH off); raw octets (no data_coding field) are decoded here.
 */
import { createHash } from "node:crypto";
import type { PDU } from "smpp";
import { decodeGsm7 } from "./encoding";
import type { SmppMo } from "./types";

export type ParsedMo = { kind: "mo"; mo: SmppMo } | { kind: "malformed"; reason: string };

/** An address as stored: international (TON 1) or long digit strings become E.164; short codes stay. */
export function normalizeAddress(addr: unknown, ton: unknown): string {
  const value = typeof addr === "string" ? addr.trim() : "";
  const digits = value.replace(/^\+/, "");
  if (/^\d+$/.test(digits) && (ton === 1 || digits.length >= 9)) return `+${digits}`;
  return value;
}

function decodeOctets(octets: Buffer, dataCoding: number): string {
  if ((dataCoding & 0x0f) === 0x08) return Buffer.from(octets).swap16().toString("utf16le");
  if ((dataCoding & 0x0f) === 0x03) return octets.toString("latin1");
  return decodeGsm7(octets);
}

/** The user data of a short_message or message_payload, as the package left it. */
function userData(field: unknown, dataCoding: number): { udh: Buffer[]; text: string } | null {
  if (field === undefined || field === null) return null;
  if (Buffer.isBuffer(field)) return { udh: [], text: decodeOctets(field, dataCoding) };
  if (typeof field === "string") return { udh: [], text: field };
  if (typeof field !== "object") return null;
  const { udh, message } = field as { udh?: unknown; message?: unknown };
  const ies = Array.isArray(udh) ? (udh as unknown[]).filter((ie): ie is Buffer => Buffer.isBuffer(ie)) : [];
  const text = Buffer.isBuffer(message)
    ? decodeOctets(message, dataCoding)
    : typeof message === "string"
      ? message
      : "";
  return { udh: ies, text };
}

function concatOf(udh: Buffer[], pdu: PDU): SmppMo["concat"] {
  for (const ie of udh) {
    if (ie[0] === 0x00 && ie[1] === 0x03 && ie.length >= 5) return { reference: ie[2]!, total: ie[3]!, seq: ie[4]! };
    if (ie[0] === 0x08 && ie[1] === 0x04 && ie.length >= 6) {
      return { reference: (ie[2]! << 8) | ie[3]!, total: ie[4]!, seq: ie[5]! };
    }
  }
  const { sar_msg_ref_num: ref, sar_total_segments: total, sar_segment_seqnum: seq } = pdu;
  if (typeof ref === "number" && typeof total === "number" && typeof seq === "number") {
    return { reference: ref, total, seq };
  }
  return null;
}

/** A short_message or message_payload as the package left it, as text that tells any two apart. */
function userDataKey(field: unknown): unknown {
  if (Buffer.isBuffer(field)) return `x${field.toString("hex")}`;
  if (typeof field === "string") return `s${field}`;
  if (!field || typeof field !== "object") return null;
  const { udh, message } = field as { udh?: unknown; message?: unknown };
  return { udh: Array.isArray(udh) ? udh.map(userDataKey) : null, message: userDataKey(message) };
}

/**
 * What identifies a delivery when the SMSC sends it again: the same addresses, coding, esm_class
 * and user data. (The package decodes short_message deterministically, so its output stands for
 * the octets.)
 */
export function fingerprintOf(pdu: PDU): string {
  const key = [
    pdu.source_addr_ton ?? null,
    pdu.source_addr ?? null,
    pdu.dest_addr_ton ?? null,
    pdu.destination_addr ?? null,
    pdu.data_coding ?? null,
    pdu.esm_class ?? null,
    userDataKey(pdu.short_message),
    userDataKey(pdu.message_payload),
  ];
  return createHash("sha256").update(JSON.stringify(key)).digest("hex");
}

/** `session` names the connection the deliver_sm came on (see SmppMo.delivery). */
export function parseMobileOriginated(pdu: PDU, session = "-"): ParsedMo {
  const from = normalizeAddress(pdu.source_addr, pdu.source_addr_ton);
  const to = normalizeAddress(pdu.destination_addr, pdu.dest_addr_ton);
  if (!from || !to) return { kind: "malformed", reason: "deliver_sm without source_addr or destination_addr" };
  const dataCoding = typeof pdu.data_coding === "number" ? pdu.data_coding : 0;
  const short = userData(pdu.short_message, dataCoding);
  // message_payload carries the text when short_message is empty (SMPP 3.4 §5.3.2.32).
  const data = short && (short.text || short.udh.length) ? short : (userData(pdu.message_payload, dataCoding) ?? short);
  if (!data) return { kind: "malformed", reason: "deliver_sm without a message" };
  const concat = concatOf(data.udh, pdu);
  if (concat && (concat.total < 1 || concat.seq < 1 || concat.seq > concat.total)) {
    return { kind: "malformed", reason: `part ${concat.seq} of ${concat.total}` };
  }
  const delivery = { fingerprint: fingerprintOf(pdu), session, id: `${session}.${String(pdu.sequence_number)}` };
  return {
    kind: "mo",
    mo: { from, to, text: data.text, concat: concat && concat.total > 1 ? concat : null, delivery },
  };
}
