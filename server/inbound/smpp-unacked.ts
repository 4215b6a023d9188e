/**
 * Single-part SMPP MO between storing and acknowledging (issue 17: kill -9 there loses nothing
 * and stores nothing twice). SMPP MO carries no message id, so the statement that stores one also
 * records its delivery in smpp_unacked_mo by fingerprint (store-inbound.ts); the SMSC's redelivery
 * of a deliver_sm that was never answered matches that row and is answered without being stored
 * again. Once the resp is written the row is deleted, so a later identical message (the phone
 * saying "yes" again) is an ordinary new message. Rows of deliveries never redelivered expire.
 */
import type { Db } from "../db/client";
import { MicroBatcher } from "../db/micro-batch";
import { runSql } from "../db/sql";
import { logger } from "../logger";
import type { SmppMo } from "../carriers/smpp/types";

/** How long an unanswered delivery is remembered (an SMSC retries well within it). */
export const SMPP_UNACKED_TTL_MS = 24 * 60 * 60 * 1000;

const FORGET_SQL = `DELETE FROM smpp_unacked_mo WHERE delivery_id = ANY($1::text[])`;

async function forget(ids: string[]): Promise<void> {
  await runSql(null, FORGET_SQL, [ids], "smpp_unacked_forget");
}

// The resps of a stored batch are written in one turn, so their deletions go as one statement; one
// statement in flight at a time, so resps written meanwhile wait and go together in the next.
const acknowledged = new MicroBatcher<string, void>(
  async (ids) => {
    await forget(ids);
    return ids.map(() => undefined);
  },
  (id) => forget([id]),
  2000,
  1,
);

/**
 * The carrier's onInboundAcknowledged: the deliver_sm_resp of `mo` is written, its row can go. A
 * failure here only leaves the row to expire (logged): the message itself is stored and answered.
 */
export function smppMoAcknowledged(mo: SmppMo): void {
  if (mo.concat) return; // parts are keyed by their reference and seq: they need no row
  acknowledged
    .add(mo.delivery.id)
    .catch((err: unknown) =>
      logger.warn("SMPP MO acknowledgement not recorded; its row expires", { error: (err as Error).message }),
    );
}

/** Forgets deliveries never answered nor redelivered within SMPP_UNACKED_TTL_MS. */
export async function expireUnackedMo(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SMPP_UNACKED_TTL_MS);
  const { count } = await db.smppUnackedMo.deleteMany({ where: { receivedAt: { lt: cutoff } } });
  if (count > 0) logger.info("unacknowledged SMPP MO records expired", { deliveries: count });
  return count;
}
