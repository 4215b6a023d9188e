/**
 * Delivery receipts: reading a `deliver_sm` (`parseDeliverSm`) and deciding what to answer it with
 * once the receipt has been handed to `onReceipt` (`handleDeliverSm`).
 */
import smpp, { type PDU } from "smpp";
import { parseMobileOriginated } from "./mobile-originated";
import { SmppStatusCode } from "./status-codes";
import type { SmppCarrierOptions, SmppLogger, SmppMo, SmppReceipt } from "./types";

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
  // A receipt comes from the handset: its source_addr is the number the message went to.
  const handset = typeof pdu.source_addr === "string" && pdu.source_addr.trim() ? pdu.source_addr.trim() : undefined;
  const about = handset ? { providerMessageId, handset } : { providerMessageId };
  if (stat === "DELIVRD") return { kind: "final", receipt: { ...about, status: "DELIVERED" } };
  if (FINAL_FAILURES.has(stat)) {
    return {
      kind: "final",
      receipt: {
        ...about,
        status: "UNDELIVERED",
        errorCode: `carrier_${stat.toLowerCase()}`,
        errorMessage: `The carrier reported ${stat}${err === undefined ? "" : ` (err ${err})`}.`,
      },
    };
  }
  if (INTERMEDIATE.has(stat)) return { kind: "intermediate", providerMessageId, stat };
  return { kind: "malformed", reason: stat ? `unknown receipt state ${stat}` : "receipt without a state" };
}

/**
 * What to answer a deliver_sm with. A final receipt is handed to `options.onReceipt` first; if that
 * throws, the answer is ESME_RX_T_APPN (temporary error) so the SMSC delivers it again. A
 * mobile-originated message (or part) is handed to `options.onInbound` the same way: acknowledged
 * once stored, else redelivered (answered with `mo`, whose resp the caller reports written).
 * Intermediate receipts are acknowledged and logged. `session` names the connection.
 */
export async function handleDeliverSm(
  pdu: PDU,
  options: Pick<SmppCarrierOptions, "onReceipt" | "onInbound">,
  log: SmppLogger,
  session = "-",
): Promise<{ commandStatus: number; mo?: SmppMo }> {
  let commandStatus: number = SmppStatusCode.ESME_ROK;
  const parsed = parseDeliverSm(pdu);
  if (parsed.kind === "final") {
    try {
      await options.onReceipt(parsed.receipt);
    } catch (err) {
      commandStatus = SmppStatusCode.ESME_RX_T_APPN;
      log.warn("SMPP receipt could not be handed on; the SMSC will redeliver it", {
        providerMessageId: parsed.receipt.providerMessageId,
        error: (err as Error).message,
      });
    }
  } else if (parsed.kind === "malformed") {
    log.warn("SMPP receipt ignored", { reason: parsed.reason });
  } else if (parsed.kind === "not_receipt") {
    if (!options.onInbound) {
      log.info("SMPP mobile-originated message ignored", { from: pdu.source_addr });
      return { commandStatus };
    }
    const mo = parseMobileOriginated(pdu, session);
    if (mo.kind === "malformed") {
      log.warn("SMPP mobile-originated message ignored", { reason: mo.reason });
      return { commandStatus };
    }
    try {
      await options.onInbound(mo.mo);
      return { commandStatus, mo: mo.mo };
    } catch (err) {
      commandStatus = SmppStatusCode.ESME_RX_T_APPN;
      log.warn("SMPP mobile-originated message could not be stored; the SMSC will redeliver it", {
        error: (err as Error).message,
      });
    }
  }
  return { commandStatus };
}
