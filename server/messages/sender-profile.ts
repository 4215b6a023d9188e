import type { DbOrTx } from "../db/client";
import { AppError } from "../errors";

export interface SenderProfile {
  name: string;
  defaultSender: string;
}

/** The sender of an organization that has not chosen one. */
export const DEFAULT_SENDER = "SG";

const TTL_MS = 30_000;
const cache = new Map<string, { profile: SenderProfile; until: number }>();

/**
 * The organization's name and default sender ("SG" when unset), cached per process for 30 s: every
 * send needs it, and it changes rarely, so the hot path saves a round trip.
 */
export async function getSenderProfile(db: DbOrTx, organizationId: string, now = Date.now()): Promise<SenderProfile> {
  const hit = cache.get(organizationId);
  if (hit && hit.until > now) return hit.profile;
  const org = await db.organization.findUnique({
    where: { id: organizationId },
    select: { name: true, defaultSender: true },
  });
  if (!org) throw new AppError("not_found", "The organization no longer exists.");
  const profile = { name: org.name, defaultSender: org.defaultSender ?? DEFAULT_SENDER };
  cache.set(organizationId, { profile, until: now + TTL_MS });
  return profile;
}
