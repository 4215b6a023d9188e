import type { DbOrTx } from "../db/client";

/** When each of these phones opted out of the organization (one query for a whole page). */
export async function optOutsOf(db: DbOrTx, organizationId: string, phones: string[]): Promise<Map<string, Date>> {
  if (phones.length === 0) return new Map();
  const rows = await db.contactOptOut.findMany({
    where: { organizationId, phone: { in: phones } },
    select: { phone: true, optedOutAt: true },
  });
  return new Map(rows.map((r) => [r.phone, r.optedOutAt]));
}
