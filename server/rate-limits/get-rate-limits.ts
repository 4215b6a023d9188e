import type { DbOrTx } from "../db/client";
import { AppError } from "../errors";
import {
  CATEGORY_LABELS,
  CATEGORY_LIMITS,
  RATE_LIMIT_CATEGORIES,
  rateLimitConfigSchema,
  type RateLimitCategory,
  type RateLimitConfig,
  type RateLimitUsage,
} from "@/schemas/rate-limits";

// The same bucket ranges as sg_rate_limit_take (a bucket counts while its start is inside the
// window, migration 20261130010000), so the numbers shown are the numbers enforced.
async function windowUsage(db: DbOrTx, organizationId: string, nowS: number) {
  const rows = await db.$queryRaw<
    { per_minute: bigint | number; per_hour: bigint | number; per_day: bigint | number }[]
  >`
    SELECT
      coalesce(sum(count) FILTER (WHERE granularity = 1 AND bucket > ${nowS}::float8 - 60), 0) AS per_minute,
      coalesce(sum(count) FILTER (WHERE granularity = 60 AND bucket > (${nowS}::float8 - 3600) / 60), 0) AS per_hour,
      coalesce(sum(count) FILTER (WHERE granularity = 900 AND bucket > (${nowS}::float8 - 86400) / 900), 0) AS per_day
    FROM rate_limit_buckets WHERE organization_id = ${organizationId} AND scope = 'org'`;
  const r = rows[0];
  return { perMinute: Number(r?.per_minute ?? 0), perHour: Number(r?.per_hour ?? 0), perDay: Number(r?.per_day ?? 0) };
}

export async function getRateLimits(db: DbOrTx, organizationId: string, nowMs = Date.now()): Promise<RateLimitConfig> {
  const org = await db.organization.findUnique({
    where: { id: organizationId },
    select: { rateLimitPerMinute: true, rateLimitPerHour: true, rateLimitPerDay: true, rateLimitEnabled: true },
  });
  if (!org) throw new AppError("not_found", "No such organization.");
  return rateLimitConfigSchema.parse({
    perMinute: org.rateLimitPerMinute,
    perHour: org.rateLimitPerHour,
    perDay: org.rateLimitPerDay,
    enabled: org.rateLimitEnabled,
    currentUsage: await windowUsage(db, organizationId, nowMs / 1000),
  });
}

/** Dashboard detail: the caps, each category's minute window, and 24 h of requests and 429s. */
export async function getRateLimitUsage(
  db: DbOrTx,
  organizationId: string,
  nowMs = Date.now(),
): Promise<RateLimitUsage> {
  const nowS = nowMs / 1000;
  const config = await getRateLimits(db, organizationId, nowMs);
  const categoryRows = await db.$queryRaw<{ scope: string; used: bigint | number }[]>`
    SELECT scope, sum(count) AS used FROM rate_limit_buckets
    WHERE organization_id = ${organizationId} AND scope LIKE 'cat:%' AND granularity = 1
      AND bucket > ${nowS}::float8 - 60
    GROUP BY scope`;
  const used = new Map(categoryRows.map((r) => [r.scope.slice(4), Number(r.used)]));

  const firstBucket = Math.floor((nowS - 86400) / 900) + 1;
  const historyRows = await db.$queryRaw<{ scope: string; bucket: bigint | number; count: number }[]>`
    SELECT scope, bucket, count FROM rate_limit_buckets
    WHERE organization_id = ${organizationId} AND granularity = 900 AND scope IN ('org', 'rejected')
      AND bucket >= ${firstBucket}`;
  const byBucket = new Map<number, { requests: number; rejected: number }>();
  for (const row of historyRows) {
    const b = Number(row.bucket);
    const entry = byBucket.get(b) ?? { requests: 0, rejected: 0 };
    if (row.scope === "org") entry.requests += row.count;
    else entry.rejected += row.count;
    byBucket.set(b, entry);
  }
  const lastBucket = Math.floor(nowS / 900);
  const history = [];
  for (let b = firstBucket; b <= lastBucket; b++) {
    const entry = byBucket.get(b) ?? { requests: 0, rejected: 0 };
    history.push({ at: new Date(b * 900_000).toISOString(), ...entry });
  }
  return {
    config,
    categories: RATE_LIMIT_CATEGORIES.map((category: RateLimitCategory) => ({
      category,
      label: CATEGORY_LABELS[category],
      limit: CATEGORY_LIMITS[category],
      used: used.get(category) ?? 0,
    })),
    history,
  };
}
