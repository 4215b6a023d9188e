import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { newId } from "../ids";

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
// together (a data-modifying CTE always runs), so an accepted message always has its event.
const INSERT_SQL = `
WITH input AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                       $8::text[], $9::text[], $10::int[], $11::text[], $12::text[])
    AS t(id, organization_id, api_key_id, batch_id, otp_id, environment, to_number, from_sender, body, segments,
         encoding, event_id)
), inserted AS (
  INSERT INTO messages (id, organization_id, api_key_id, batch_id, otp_id, environment, to_number, from_sender, body,
                        segments, encoding, created_at, next_attempt_at, updated_at)
  SELECT id, organization_id, api_key_id, batch_id, otp_id, environment::"KeyEnvironment", to_number, from_sender,
         body, segments, encoding, $13::timestamptz, $13::timestamptz, $13::timestamptz
  FROM input
  RETURNING messages.id, messages.organization_id, sg_message_event_payload(messages) AS payload
)
INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at)
SELECT input.event_id, inserted.organization_id, 'message.queued', inserted.payload, $13::timestamptz
FROM inserted JOIN input ON input.id = inserted.id`;

/**
 * Insert QUEUED messages and their `message.queued` outbox events in one statement. Pass the
 * transaction when other writes must commit with them; with `db` null it runs on its own (a single
 * statement is atomic) as a prepared statement.
 */
export async function insertMessages(db: DbOrTx | null, messages: readonly NewMessage[], now: Date): Promise<void> {
  if (messages.length === 0) return;
  const col = <K extends keyof NewMessage>(k: K) => messages.map((m) => m[k]);
  await runSql(
    db,
    INSERT_SQL,
    [
      col("id"),
      col("organizationId"),
      col("apiKeyId"),
      col("batchId"),
      col("otpId"),
      col("environment"),
      col("to"),
      col("from"),
      col("body"),
      col("segments"),
      col("encoding"),
      messages.map(() => newId("evt")),
      now.toISOString(),
    ],
    "sg_insert_messages",
  );
}
