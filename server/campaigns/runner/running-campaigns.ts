import { getDb } from "../../db/client";

/** Campaigns one list of the runner holds at most (each gets one expansion slice and one batch per round). */
export const RUNNING_LIST_LIMIT = 200;

/** Organizations' scope: all (production), or those a test seeded. */
export type OrganizationScope = string | readonly string[] | null;

export function scopeOf(organizationId: OrganizationScope | undefined): string[] | null {
  if (organizationId === null || organizationId === undefined) return null;
  return typeof organizationId === "string" ? [organizationId] : [...organizationId];
}

export interface RunningList {
  campaigns: { id: string; organizationId: string }[];
  /** RUNNING campaigns in scope, listed or not. */
  total: number;
}

/**
 * Where this process's turns stand: per organization, its campaign listed last (only for
 * organizations with more RUNNING campaigns than one list gave them), and the organization listed
 * last when a list was cut short. Each process keeps its own: they share campaigns by row locks,
 * and every one of them gives every campaign its turn.
 */
const rotation = { organization: null as string | null, campaigns: new Map<string, string>() };

// Round-robin, fair across organizations: each organization's campaigns are ranked from the one
// after its cursor (wrapping around), and the list takes every organization's first, then every
// one's second, and so on, organizations in turn from the one after the last cut. An organization
// with one campaign is never pushed out of a list by one with a thousand, and when there are more
// RUNNING campaigns than a list holds, the next lists take the others before any comes again.
const LIST_SQL = `
SELECT id, organization_id, k, org_total, count(*) OVER () AS total FROM (
  SELECT id, organization_id, count(*) OVER (PARTITION BY organization_id) AS org_total,
         row_number() OVER (PARTITION BY organization_id
                            ORDER BY id <= coalesce($2::jsonb ->> organization_id, ''), id) AS k
  FROM campaigns
  WHERE status = 'RUNNING' AND ($1::text[] IS NULL OR organization_id = ANY($1::text[]))
) r
ORDER BY k, organization_id <= coalesce($3::text, ''), organization_id
LIMIT $4`;

/** The next list of RUNNING campaigns to give a turn, in order (see LIST_SQL). */
export async function listRunningCampaigns(
  organizationId: OrganizationScope | undefined,
  limit = RUNNING_LIST_LIMIT,
): Promise<RunningList> {
  const rows = await getDb().$queryRawUnsafe<
    { id: string; organization_id: string; k: bigint; org_total: bigint; total: bigint }[]
  >(
    LIST_SQL,
    scopeOf(organizationId),
    JSON.stringify(Object.fromEntries(rotation.campaigns)),
    rotation.organization,
    limit,
  );
  const total = Number(rows[0]?.total ?? 0);
  const listed = new Map<string, { last: string; count: number; orgTotal: number }>();
  for (const r of rows) {
    const seen = listed.get(r.organization_id);
    listed.set(r.organization_id, { last: r.id, count: (seen?.count ?? 0) + 1, orgTotal: Number(r.org_total) });
  }
  for (const [organization, { last, count, orgTotal }] of listed) {
    if (count < orgTotal) rotation.campaigns.set(organization, last);
    else rotation.campaigns.delete(organization);
  }
  // Bounded: forgetting where an organization stood only restarts its turns.
  if (rotation.campaigns.size > 10_000) rotation.campaigns.clear();
  rotation.organization = rows.length < total ? (rows.at(-1)?.organization_id ?? null) : null;
  return { campaigns: rows.map((r) => ({ id: r.id, organizationId: r.organization_id })), total };
}

export async function countRunningCampaigns(organizationId: OrganizationScope | undefined): Promise<number> {
  const [row] = await getDb().$queryRawUnsafe<{ n: bigint }[]>(
    `SELECT count(*) AS n FROM campaigns WHERE status = 'RUNNING' AND ($1::text[] IS NULL OR organization_id = ANY($1::text[]))`,
    scopeOf(organizationId),
  );
  return Number(row?.n ?? 0);
}
