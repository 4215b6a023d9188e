import { EVENT_ALIASES } from "@/schemas/webhooks";

/**
 * SQL for an outbox event's `dispatched_at` as it is inserted: `at` when no active webhook of the
 * organization subscribes to the event type (by name, alias or "*"), so the event never enters the
 * relay's queue; NULL when one does. The same rule as the row trigger sg_outbox_mark_unsubscribed,
 * which skips rows that arrive with dispatched_at set: evaluated here inside a set-based INSERT it
 * is an index probe per row instead of a plpgsql call and a query per row.
 * `organization`, `type` and `at` are SQL expressions of the INSERT's SELECT.
 */
export function dispatchedAtUnlessSubscribed(organization: string, type: string, at: string): string {
  const aliases = Object.entries(EVENT_ALIASES)
    .map(([alias, canonical]) => ` OR (${type} = '${canonical}' AND '${alias}' = ANY(w.events))`)
    .join("");
  return (
    `CASE WHEN EXISTS (SELECT 1 FROM webhooks w WHERE w.organization_id = ${organization} AND w.is_active ` +
    `AND (${type} = ANY(w.events) OR '*' = ANY(w.events)${aliases})) THEN NULL ELSE ${at} END`
  );
}
