import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { AppError } from "../errors";
import { smallestIdAt } from "../ids";
import { EVENTS_LIST_DAYS, type EventEnvelope } from "@/schemas/events";
import { toEnvelope, type EventRow } from "./envelope";

/** One event of the organization within the list's 30 days; another tenant's id answers not found. */
export async function getEventOrThrow(
  db: DbOrTx | null,
  organizationId: string,
  eventId: string,
  now = new Date(),
): Promise<EventEnvelope> {
  const oldest = smallestIdAt("evt", new Date(now.getTime() - EVENTS_LIST_DAYS * 86_400_000));
  const [row] = await runSql<EventRow>(
    db,
    `SELECT id, organization_id, type, payload, occurred_at FROM outbox_events
     WHERE id = $1 AND organization_id = $2 AND id >= $3`,
    [eventId, organizationId, oldest],
  );
  if (!row) throw new AppError("not_found", `No event with id ${eventId.slice(0, 64)}.`);
  return toEnvelope(row);
}
