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
// together (a data-modifying CTE always runs, and the INSERT takes every row or fails whole), so an
// accepted message always has its event. Each message travels once, as its event payload (built
// here, queued-event-payload.ts: jsonb_build_object in SQL was the statement's costliest step) plus
// what the payload leaves out (organization, key, body, event id); the row's columns are read back
// out of the payload. A third less JSON to write and parse than a row and a payload side by side.
const INSERT_SQL = `
WITH input AS MATERIALIZED (
  SELECT e->'p' AS payload, e->>'o' AS organization_id, e->>'k' AS api_key_id, e->>'b' AS body, e->>'e' AS event_id, r.*
  FROM jsonb_array_elements($1::jsonb) e
  CROSS JOIN LATERAL jsonb_to_record(e->'p')
    AS r("messageId" text, "to" text, "from" text, environment text, segments int, encoding text, "batchId" text,
         "otpId" text, "createdAt" timestamptz)
), inserted AS (
  INSERT INTO messages (id, organization_id, api_key_id, batch_id, otp_id, environment, to_number, from_sender, body,
                        segments, encoding, created_at, next_attempt_at, updated_at)
  SELECT "messageId", organization_id, api_key_id, "batchId", "otpId", environment::"KeyEnvironment", "to", "from",
         body, segments, encoding, "createdAt", "createdAt", "createdAt"
  FROM input
)
INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at, dispatched_at)
SELECT input.event_id, input.organization_id, 'message.queued', input.payload, input."createdAt",
       ${dispatchedAtUnlessSubscribed("input.organization_id", "'message.queued'", 'input."createdAt"')}
FROM input`;

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
      p: queuedEventPayload(m, m.createdAt?.toISOString() ?? nowIso),
      o: m.organizationId,
      k: m.apiKeyId,
      b: m.body,
      e: newId("evt"),
    })),
  );
  await runSql(db, INSERT_SQL, [rows], "sg_insert_messages_payload");
}
