import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { newId } from "../ids";
import { dispatchedAtUnlessSubscribed } from "../webhooks/unsubscribed-sql";
import { queuedEventPayload } from "./queued-event-payload";

/** A message about to be accepted: everything but its lifecycle columns. */
export interface NewMessage {
  id: string;
  organizationId: string;
  apiKeyId: string | null;
  batchId: string | null;
  otpId: string | null;
  environment: "live" | "test";
  to: string;
  from: string;
  body: string;
  segments: number;
  encoding: string;
}

// One statement for 1 or 1,000 messages: the rows and their `message.queued` events are written
// together (a data-modifying CTE always runs), so an accepted message always has its event. The
// rows travel as one JSON parameter: JSON.stringify is native, where 12 pg arrays were escaped
// element by element in JavaScript. The event payload travels with its row, built here from what
// is being inserted (queued-event-payload.ts): jsonb_build_object in SQL was the statement's most
// expensive step.
const INSERT_SQL = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb)
    AS t(id text, organization_id text, api_key_id text, batch_id text, otp_id text, environment text,
         to_number text, from_sender text, body text, segments int, encoding text, event_id text,
         created_at timestamptz, payload jsonb)
), inserted AS (
  INSERT INTO messages (id, organization_id, api_key_id, batch_id, otp_id, environment, to_number, from_sender, body,
                        segments, encoding, created_at, next_attempt_at, updated_at)
  SELECT id, organization_id, api_key_id, batch_id, otp_id, environment::"KeyEnvironment", to_number, from_sender,
         body, segments, encoding, COALESCE(created_at, $2::timestamptz), COALESCE(created_at, $2::timestamptz),
         COALESCE(created_at, $2::timestamptz)
  FROM input
  RETURNING messages.id, messages.organization_id
)
INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at, dispatched_at)
SELECT input.event_id, inserted.organization_id, 'message.queued', input.payload,
       COALESCE(input.created_at, $2::timestamptz),
       ${dispatchedAtUnlessSubscribed("inserted.organization_id", "'message.queued'", "COALESCE(input.created_at, $2::timestamptz)")}
FROM inserted JOIN input ON input.id = inserted.id`;

/**
 * Insert QUEUED messages and their `message.queued` outbox events in one statement. Pass the
 * transaction when other writes must commit with them; with `db` null it runs on its own (a single
 * statement is atomic) as a prepared statement. Each message is created at `now`, or at its own
 * `createdAt` when it has one (single sends written together by insert-batcher.ts).
 */
export async function insertMessages(
  db: DbOrTx | null,
  messages: readonly (NewMessage & { createdAt?: Date })[],
  now: Date,
): Promise<void> {
  if (messages.length === 0) return;
  const nowIso = now.toISOString();
  const rows = JSON.stringify(
    messages.map((m) => ({
      id: m.id,
      organization_id: m.organizationId,
      api_key_id: m.apiKeyId,
      batch_id: m.batchId,
      otp_id: m.otpId,
      environment: m.environment,
      to_number: m.to,
      from_sender: m.from,
      body: m.body,
      segments: m.segments,
      encoding: m.encoding,
      event_id: newId("evt"),
      created_at: m.createdAt?.toISOString() ?? null,
      payload: queuedEventPayload(m, m.createdAt?.toISOString() ?? nowIso),
    })),
  );
  await runSql(db, INSERT_SQL, [rows, nowIso], "sg_insert_messages_json");
}
