import { runSql } from "../../db/sql";

/**
 * The leases this process holds on messages it claimed but has not given to a carrier yet. At
 * shutdown they are released so another instance sends them at once instead of after the lease
 * expires. A message that reached a carrier is never released: the carrier may have sent it, and
 * only its recorded outcome (or the lease running out) may decide what happens next.
 */
interface Held {
  /** By message id: its organization (the row's key is both) and the lease. */
  leases: Map<string, { organizationId: string; lease: Date }>;
  /** After a release nothing more is handed over (a round still running would send released rows). */
  closed: boolean;
}

const holder = globalThis as typeof globalThis & { __signalgateHeldMessages?: Held };
const held = (): Held => (holder.__signalgateHeldMessages ??= { leases: new Map(), closed: false });

/** Claimed rows, not yet with a carrier. */
export function holdClaimed(messages: readonly { organizationId: string; id: string; lease: Date }[]): void {
  const { leases } = held();
  for (const m of messages) leases.set(m.id, { organizationId: m.organizationId, lease: m.lease });
}

/**
 * Call right before a batch goes to its carrier: returns the messages this process still holds
 * (released ones are left out: another instance may already be sending them) and stops holding
 * them, so no later release can put them back in the queue.
 */
export function takeForHandOff<T extends { id: string; lease: Date }>(batch: readonly T[]): T[] {
  const state = held();
  if (state.closed) return [];
  return batch.filter(
    (m) => state.leases.get(m.id)?.lease.getTime() === m.lease.getTime() && state.leases.delete(m.id),
  );
}

// Fenced on the lease: a row whose lease expired and that another instance re-claimed is not
// touched. The attempt the claim counted is given back: no carrier saw this one.
const RELEASE_SQL = `
UPDATE messages m SET locked_until = NULL, attempts = GREATEST(m.attempts - 1, 0), updated_at = $3::timestamptz
FROM unnest($4::text[], $1::text[], $2::timestamptz[]) AS t(organization_id, id, lease)
WHERE m.organization_id = t.organization_id AND m.id = t.id AND m.status = 'QUEUED' AND m.locked_until = t.lease
RETURNING m.id`;

/** Put every held message back in the queue, due at once; returns how many were released. */
export async function releaseHeldMessages(now: Date = new Date()): Promise<number> {
  const state = held();
  state.closed = true;
  const leases = [...state.leases];
  state.leases.clear();
  if (leases.length === 0) return 0;
  const rows = await runSql(null, RELEASE_SQL, [
    leases.map(([id]) => id),
    leases.map(([, held]) => held.lease.toISOString()),
    now.toISOString(),
    leases.map(([, held]) => held.organizationId),
  ]);
  return rows.length;
}

/** Tests run several pipelines' lives in one process. */
export function reopenHandOffsForTests(): void {
  held().closed = false;
}
