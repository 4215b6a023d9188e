import { getDb } from "../db/client";
import { applyTransitions, type Transition } from "../messages/transitions";

/**
 * Tests: applyTransitions for messages named by id alone. The messages' key is (organization_id,
 * id), so their organizations are read first (the production callers always hold them).
 */
export async function applyTransitionsById(
  transitions: readonly Omit<Transition, "organizationId">[],
  now: Date,
): Promise<string[]> {
  const rows = await getDb().message.findMany({
    where: { id: { in: transitions.map((t) => t.messageId) } },
    select: { id: true, organizationId: true },
  });
  const organizationOf = new Map(rows.map((r) => [r.id, r.organizationId]));
  return applyTransitions(
    null,
    transitions.map((t) => ({ ...t, organizationId: organizationOf.get(t.messageId) ?? "" })),
    now,
  );
}
