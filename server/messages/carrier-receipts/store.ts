import { runSql } from "../../db/sql";
import { newId } from "../../ids";
import type { CarrierReceiptInput } from "./types";

const STORE_SQL = `
INSERT INTO carrier_receipts (id, provider, provider_message_id, message_id, handset, status, error_code, error_message,
                              received_at)
SELECT r.id, r.provider, r.provider_message_id, r.message_id, r.handset, r.status, r.error_code, r.error_message,
       $2::timestamptz
FROM jsonb_to_recordset($1::jsonb) AS r(id text, provider text, provider_message_id text, message_id text,
  handset text, status text, error_code text, error_message text)`;

/**
 * The handset in digits. SMSCs write it international ("14155550123"), with a prefix ("0014155550123")
 * or national ("4155550123"): matching compares the shorter as a suffix of the longer. Fewer than 6
 * digits say too little to rule a message out, so they are not kept.
 */
function handsetDigits(value: string | undefined): string | null {
  const digits = (value ?? "").replace(/\D/g, "");
  return digits.length < 6 ? null : digits;
}

/**
 * Keep receipts durably, all in one statement, before the carrier is told they arrived (an SMPP
 * deliver_sm is answered only after this commits), so a crash never loses one. Returns their ids.
 */
export async function storeCarrierReceipts(receipts: readonly CarrierReceiptInput[], now: Date): Promise<string[]> {
  if (receipts.length === 0) return [];
  const rows = receipts.map((r) => ({
    id: newId("rcp"),
    provider: r.provider,
    provider_message_id: r.providerMessageId,
    message_id: r.messageId ?? null,
    handset: handsetDigits(r.handset),
    status: r.status,
    error_code: r.errorCode ?? null,
    error_message: r.errorMessage ?? null,
  }));
  await runSql(null, STORE_SQL, [JSON.stringify(rows), now.toISOString()], "sg_store_carrier_receipts");
  return rows.map((r) => r.id);
}
