import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { RawTx } from "../db/driver-transaction";
import { AppError } from "../errors";
import { smallestIdAt } from "../ids";
import { selectPoolSenders, type PoolNumber, type PoolRecipient } from "./select-sender";

/** Sticky sender (contract §15): the pool number that texted the recipient within this window. */
export const STICKY_WINDOW_MS = 30 * 24 * 3600 * 1000;

export interface PoolChoice {
  poolId: string;
  /** Per recipient, in order: the sender chosen, or null where the pool cannot serve it. */
  senders: (string | null)[];
}

// The pool and, per number, its live queue (sender_queues: the segments waiting and when it last
// moved, for "least loaded, then least recently used"). One read.
const POOL_SQL = `
SELECT p.alphanumeric_sender_id, p.sticky_sender, p.geo_match, p.numbers,
       coalesce(array_agg(coalesce(q.queued_segments, 0)::float8 ORDER BY n.ord)
         FILTER (WHERE n.number IS NOT NULL), '{}') AS queued,
       coalesce(array_agg(coalesce(floor(extract(epoch FROM q.updated_at) * 1000), 0)::float8 ORDER BY n.ord)
         FILTER (WHERE n.number IS NOT NULL), '{}') AS used
FROM sender_pools p
LEFT JOIN LATERAL unnest(p.numbers) WITH ORDINALITY AS n(number, ord) ON true
LEFT JOIN sender_queues q ON q.organization_id = p.organization_id AND q.sender = n.number
WHERE p.organization_id = $1 AND p.id = $2
GROUP BY p.organization_id, p.id`;

// Per distinct recipient, the newest outbound message to it from one of the pool's numbers within
// the window: through the (organization_id, to_number, id) index, one probe per recipient, in one
// statement for the whole batch.
export const STICKY_SQL = `
SELECT r.to_number AS "to", s.from_sender AS sender
FROM unnest($2::text[]) AS r(to_number)
CROSS JOIN LATERAL (
  SELECT m.from_sender FROM messages m
  WHERE m.organization_id = $1 AND m.to_number = r.to_number AND m.id >= $3 AND m.direction = 'outbound'
    AND m.environment = $5::"KeyEnvironment" AND m.from_sender = ANY ($4::text[])
  ORDER BY m.id DESC
  LIMIT 1
) s`;

interface PoolRow {
  alphanumeric_sender_id: string | null;
  sticky_sender: boolean;
  geo_match: boolean;
  numbers: string[];
  queued: (string | number)[];
  used: (string | number)[];
}

function countryOfNumber(number: string): string | null {
  if (!number.startsWith("+")) return null;
  return parsePhoneNumberFromString(number)?.country ?? null;
}

/**
 * A send `from: "pool_…"` (contract §15): reads the pool (404 when the organization has none of
 * that id) and picks each recipient's sender. Two statements for a whole batch, on the caller's
 * transaction or connection (a campaign's driver transaction included); a send without a pool
 * never comes here.
 */
export async function resolvePoolSenders(
  db: Pick<RawTx, "$queryRawUnsafe">,
  organizationId: string,
  environment: "live" | "test",
  poolId: string,
  recipients: readonly PoolRecipient[],
  now: Date,
): Promise<PoolChoice> {
  const [pool] = await db.$queryRawUnsafe<PoolRow[]>(POOL_SQL, organizationId, poolId);
  if (!pool) throw new AppError("not_found", `No sender pool ${poolId}.`);
  const numbers: PoolNumber[] = pool.numbers.map((number, i) => ({
    number,
    country: countryOfNumber(number),
    queuedSegments: Number(pool.queued[i] ?? 0),
    lastUsedAt: Number(pool.used[i] ?? 0),
  }));
  const sticky = new Map<string, string>();
  if (pool.sticky_sender && numbers.length > 0 && recipients.length > 0) {
    const rows = await db.$queryRawUnsafe<{ to: string; sender: string }[]>(
      STICKY_SQL,
      organizationId,
      [...new Set(recipients.map((r) => r.to))],
      smallestIdAt("msg", new Date(now.getTime() - STICKY_WINDOW_MS)),
      pool.numbers,
      environment,
    );
    for (const r of rows) sticky.set(r.to, r.sender);
  }
  const settings = {
    alphanumericSenderId: pool.alphanumeric_sender_id,
    stickySender: pool.sticky_sender,
    geoMatch: pool.geo_match,
  };
  return { poolId, senders: selectPoolSenders(settings, numbers, recipients, sticky) };
}

export function noSenderForCountryError(to: string, country: string | null): AppError {
  return new AppError(
    "no_sender_for_country",
    `The sender pool has no sender allowed for ${country ?? "the recipient's country"} (${to}).`,
  );
}
