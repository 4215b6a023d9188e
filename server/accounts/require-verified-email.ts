import type { DbOrTx } from "../db/client";
import { getEnv } from "../env";
import { AppError } from "../errors";
import type { AuditActor } from "../audit/actor";

/**
 * REQUIRE_EMAIL_VERIFICATION=true (contract §14): a user whose address is unverified may not
 * create live keys (403 email_unverified). Only people are checked; scripts and seeds are not.
 */
export async function assertEmailVerified(db: DbOrTx, actor: AuditActor): Promise<void> {
  if (!getEnv().REQUIRE_EMAIL_VERIFICATION || actor.type !== "user") return;
  const user = await db.user.findUnique({ where: { id: actor.userId }, select: { emailVerified: true } });
  if (!user?.emailVerified) throw new AppError("email_unverified");
}
