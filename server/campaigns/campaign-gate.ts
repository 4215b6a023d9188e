import type { DbOrTx } from "../db/client";

// The campaign's gate, an advisory lock per campaign. Every sending and expansion batch passes it
// shared, without waiting (`passCampaignGate` in its first statement); pause, resume and cancel
// close it exclusively (`closeCampaignGate`) before they lock the campaign row FOR UPDATE.
//
// Why: the FOR UPDATE waits for the batches in flight (their FOR KEY SHARE / FOR NO KEY UPDATE), but
// PostgreSQL lets a new row lock of a compatible mode pass a waiting FOR UPDATE, and with several
// lanes there is always a batch in flight: a pause waited for the end of the runner's tick. A lock
// request queues behind a waiting exclusive advisory lock instead, so once a pause is waiting, new
// batches find the gate closed and return at once; the pause waits for one batch at most.

const KEY = `hashtext('campaign-gate:' || $1)`;

/** SQL condition for a batch's first statement, `$1` being the campaign id: false while the gate is closed. */
export const PASS_CAMPAIGN_GATE = `pg_try_advisory_xact_lock_shared(${KEY})`;

/** Closes the gate until the transaction ends, once the batches in flight have committed. */
export async function closeCampaignGate(tx: DbOrTx, campaignId: string): Promise<void> {
  await tx.$queryRawUnsafe(`SELECT 1 AS closed FROM (SELECT pg_advisory_xact_lock(${KEY})) g`, campaignId);
}
