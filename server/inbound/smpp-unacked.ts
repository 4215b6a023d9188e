/**
 * Single-part SMPP MO between storing and acknowledging (issue 17: kill -9 there loses nothing
 * and stores nothing twice). SMPP MO carries no message id, so the statement that stores one also
 * records its delivery in smpp_unacked_mo by fingerprint (store-inbound.ts); the SMSC's redelivery
 * of a deliver_sm that was never answered matches that row and is answered without being stored
 * again. Once the resp is written the row is deleted, so a later identical message (the phone
 * saying "yes" again) is an ordinary new message. Rows of deliveries never redelivered expire.
 */
import type { Db } from "../db/client";
import { runSql } from "../db/sql";
import { logger } from "../logger";
import type { SmppMo } from "../carriers/smpp/types";
import type { AnsweredDelivery } from "./store-inbound";

/** How long an unanswered delivery is remembered (an SMSC retries well within it). */
export const SMPP_UNACKED_TTL_MS = 24 * 60 * 60 * 1000;

/** Answered deliveries no store statement has taken within this wait get a statement of their own. */
const FORGET_AFTER_MS = 50;
const FORGET_SQL = `
DELETE FROM smpp_unacked_mo u USING unnest($1::text[], $2::text[]) AS a(fingerprint, delivery_id)
WHERE u.fingerprint = a.fingerprint AND u.delivery_id = a.delivery_id`;

let answered: AnsweredDelivery[] = [];
let timer: NodeJS.Timeout | null = null;

function schedule(): void {
  if (timer || answered.length === 0) return;
  timer = setTimeout(() => void forgetAlone(), FORGET_AFTER_MS);
  timer.unref();
}

/**
 * The deliveries answered since the last call, for the statement storing the next batch of whole
 * messages to delete (STORE_SQL's $2 and $3): under traffic the deletions cost no round trip of their
 * own. Give them back (`giveBackAnswered`) if that statement fails.
 */
export function takeAnswered(): AnsweredDelivery[] {
  const ids = answered;
  answered = [];
  if (timer) clearTimeout(timer);
  timer = null;
  return ids;
}

export function giveBackAnswered(ids: readonly AnsweredDelivery[]): void {
  answered = [...ids, ...answered];
  schedule();
}

// Traffic stopped: one statement for what is left.
async function forgetAlone(): Promise<void> {
  const ids = takeAnswered();
  if (ids.length === 0) return;
  try {
    const params = [ids.map((a) => a.fingerprint), ids.map((a) => a.id)];
    await runSql(null, FORGET_SQL, params, "smpp_unacked_forget");
  } catch (err) {
    logger.warn("SMPP MO acknowledgements not recorded; their rows expire", {
      deliveries: ids.length,
      error: (err as Error).message,
    });
  }
}

/**
 * The carrier's onInboundAcknowledged: the deliver_sm_resp of `mo` is written, its row can go
 * (with the next batch stored, or within FORGET_AFTER_MS). Until then a crash leaves the row, and
 * an identical message on a later connection would be taken for its redelivery: the window is kept
 * that short.
 */
export function smppMoAcknowledged(mo: SmppMo): void {
  if (mo.concat) return; // parts are keyed by their reference and seq: they need no row
  answered.push({ fingerprint: mo.delivery.fingerprint, id: mo.delivery.id });
  schedule();
}

/** Forgets deliveries never answered nor redelivered within SMPP_UNACKED_TTL_MS. */
export async function expireUnackedMo(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SMPP_UNACKED_TTL_MS);
  const { count } = await db.smppUnackedMo.deleteMany({ where: { receivedAt: { lt: cutoff } } });
  if (count > 0) logger.info("unacknowledged SMPP MO records expired", { deliveries: count });
  return count;
}
