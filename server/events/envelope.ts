import type { EventEnvelope } from "@/schemas/events";

/** An outbox row as the events API reads it. */
export type EventRow = {
  id: string;
  organization_id: string;
  type: string;
  payload: unknown;
  occurred_at: Date | string;
};

/** The seed's envelope `{ id, event, timestamp, payload }`, as webhooks deliver it. */
export function toEnvelope(row: EventRow): EventEnvelope {
  const at = row.occurred_at instanceof Date ? row.occurred_at : new Date(row.occurred_at);
  const payload =
    typeof row.payload === "string" ? (JSON.parse(row.payload) as Record<string, unknown>) : (row.payload ?? {});
  return { id: row.id, event: row.type, timestamp: at.toISOString(), payload: payload as Record<string, unknown> };
}

/** SQL for a list of type patterns: exact names, and "family.*" as a prefix (LIKE 'family.%'). */
export function typePatterns(types: readonly string[]): { exact: string[]; prefixes: string[] } {
  return {
    exact: types.filter((t) => !t.endsWith(".*")),
    prefixes: types.filter((t) => t.endsWith(".*")).map((t) => `${t.slice(0, -1).replace(/[\\%_]/g, "\\$&")}%`),
  };
}
