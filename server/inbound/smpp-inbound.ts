import { getDb, type Db } from "../db/client";
import { MicroBatcher } from "../db/micro-batch";
import { runSql } from "../db/sql";
import { logger } from "../logger";
import type { SmppMo } from "../carriers/smpp/types";
import {
  afterReceiving,
  receiveInboundInTransaction,
  receiveInboundMessages,
  type InboundInput,
} from "./receive-inbound";
import { expireUnackedMo, giveBackAnswered, takeAnswered } from "./smpp-unacked";

const PROVIDER = "smpp";

/** How long an incomplete set of parts waits for the rest (SMSCs give up on a message well before). */
export const INBOUND_PART_TTL_MS = 24 * 60 * 60 * 1000;
/** Incomplete sets are swept at most this often per process, by the traffic itself. */
const SWEEP_EVERY_MS = 60 * 1000;
let lastSweep = 0;

const inputOf = (mo: SmppMo, body: string, receivedAt: Date): InboundInput => ({
  from: mo.from,
  to: mo.to,
  body,
  environment: "live",
  provider: PROVIDER,
  receivedAt,
});

// Whole messages are stored in batches, each deliver_sm answered once its batch has committed. An
// SMSC sends deliver_sm one at a time as its window allows, so at most two statements run at once
// and whatever arrives meanwhile goes in the next (measured: ~1 statement per message otherwise).
// The statement also deletes the unacknowledged-delivery rows of those answered since the last one.
async function storeSingles(inputs: InboundInput[]): Promise<void> {
  const answered = takeAnswered();
  try {
    await receiveInboundMessages(getDb(), inputs, new Date(), answered);
  } catch (err) {
    giveBackAnswered(answered);
    throw err;
  }
}
const singles = new MicroBatcher<InboundInput, void>(
  async (inputs) => {
    await storeSingles(inputs);
    return inputs.map(() => undefined);
  },
  (input) => storeSingles([input]),
  500,
  2,
);

type PartRow = { seq: number; body: string };

// The set's parts after this one is stored (a redelivered part is a no-op: the key includes seq).
const STORE_PART_SQL = `
WITH stored AS (
  INSERT INTO inbound_parts (provider, source, destination, reference, total, seq, body, received_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
  ON CONFLICT DO NOTHING
  RETURNING seq, body
)
SELECT seq, body FROM stored
UNION ALL
SELECT seq, body FROM inbound_parts
WHERE provider = $1 AND source = $2 AND destination = $3 AND reference = $4 AND total = $5 AND seq <> $6
ORDER BY seq`;

const DELETE_SET_SQL = `
DELETE FROM inbound_parts
WHERE provider = $1 AND source = $2 AND destination = $3 AND reference = $4 AND total = $5
RETURNING seq`;

/**
 * One part of a concatenated message, stored durably in its own transaction (so its deliver_sm can
 * be acknowledged). Parts of one set serialize on an advisory lock, so whichever part completes the
 * set sees all the others committed: that transaction deletes the parts and stores the assembled
 * message (and its keywords) with them, exactly once. Parts arrive in any order; a duplicate part
 * changes nothing; a part redelivered after its set was assembled starts a set that never
 * completes and expires.
 */
async function receivePart(db: Db, mo: SmppMo & { concat: NonNullable<SmppMo["concat"]> }, now: Date) {
  const { reference, total, seq } = mo.concat;
  const key = [PROVIDER, mo.from, mo.to, reference, total] as const;
  const outcome = await db.$transaction(async (tx) => {
    await runSql(tx, `SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext($1))) l`, [
      `sg-mo:${key.join("|")}`,
    ]);
    const parts = await runSql<PartRow>(tx, STORE_PART_SQL, [...key, seq, mo.text, now.toISOString()]);
    if (parts.length < total) return null;
    await runSql(tx, DELETE_SET_SQL, [...key]);
    const body = parts
      .sort((a, b) => Number(a.seq) - Number(b.seq))
      .map((p) => p.body)
      .join("");
    const input = inputOf(mo, body, now);
    return { input, ...(await receiveInboundInTransaction(tx, [input], now)) };
  });
  if (outcome) afterReceiving([outcome.input], outcome.stored, outcome.replies);
}

/**
 * Deletes the parts of sets that never completed (older than INBOUND_PART_TTL_MS), and the records
 * of single messages never acknowledged nor redelivered (smpp-unacked.ts). Answers the parts.
 */
export async function expireInboundParts(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - INBOUND_PART_TTL_MS);
  const [{ count }] = await Promise.all([
    db.inboundPart.deleteMany({ where: { receivedAt: { lt: cutoff } } }),
    expireUnackedMo(db, now),
  ]);
  if (count > 0) logger.warn("incomplete inbound messages expired", { parts: count });
  return count;
}

/**
 * The SMPP carrier's onInbound (contract §10): a whole message, or one part of a concatenated one,
 * stored before it resolves, so the deliver_sm is acknowledged only once nothing can be lost. A
 * whole message is recorded as unacknowledged with it, until the carrier's onInboundAcknowledged
 * (smppMoAcknowledged): a redelivery of one never answered is recognized and not stored again.
 */
export async function receiveSmppInbound(mo: SmppMo, now = new Date()): Promise<void> {
  const db = getDb();
  if (now.getTime() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = now.getTime();
    void expireInboundParts(db, now).catch((err: unknown) =>
      logger.warn("inbound part expiry failed", { error: (err as Error).message }),
    );
  }
  if (!mo.concat) return singles.add({ ...inputOf(mo, mo.text, now), smppDelivery: mo.delivery });
  await receivePart(db, { ...mo, concat: mo.concat }, now);
}
