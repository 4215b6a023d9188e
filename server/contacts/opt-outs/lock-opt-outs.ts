import type { DbOrTx } from "../../db/client";
import { runSql } from "../../db/sql";

/**
 * Takes the organization's opt-out lock for the rest of the transaction; call it before writing
 * opt-outs. Accepting statements hold the same lock shared while they read the opt-outs
 * (sg_opted_out_phones, migration 20261125030000), so a send in flight commits before this
 * opt-out can, and a send arriving now waits for it and then sees it.
 */
export async function lockOptOuts(tx: DbOrTx, organizationId: string): Promise<void> {
  await runSql(tx, `SELECT 1 AS locked FROM (SELECT sg_lock_opt_outs($1)) l`, [organizationId]);
}
