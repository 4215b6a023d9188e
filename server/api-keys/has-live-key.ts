import type { DbOrTx } from "../db/client";

/** Whether the organization has made a live (sg_live_) key: the dashboard then opens on live data. */
export async function hasLiveKey(db: DbOrTx, organizationId: string): Promise<boolean> {
  return (await db.apiKey.findFirst({ where: { organizationId, environment: "live" }, select: { id: true } })) !== null;
}
