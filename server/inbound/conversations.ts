import { Prisma, type DbOrTx } from "../db/client";
import { decodeCursor, encodeCursor } from "../pagination/cursor";
import { shownOtpBody, type BodyAccess } from "../messages/body-access";
import { THREAD_LIMIT, type Conversation, type ThreadMessage } from "@/schemas/inbox";

/** How many of the newest inbound messages one page of conversations is drawn from. */
export const CONVERSATION_WINDOW = 500;

interface ConversationRow {
  phone: string;
  number: string;
  id: string;
  body: string;
  created_at: Date;
  environment: "live" | "test";
  opted_out: boolean;
}

/**
 * The Inbox's conversations: the senders of the organization's newest inbound messages, each with
 * its latest one, newest first. A page reads a bounded window of the inbound partial index
 * (CONVERSATION_WINDOW rows along (organization_id, id)), never every message: an organization with
 * millions of inbound messages costs the same. The next page is the next window, so a sender who
 * also wrote earlier can appear again there (the dashboard keeps the first).
 */
export async function listConversations(
  db: DbOrTx,
  organizationId: string,
  input: { cursor?: string } = {},
  window = CONVERSATION_WINDOW,
): Promise<{ items: Conversation[]; nextCursor: string | null }> {
  const before = decodeCursor("inbox", organizationId, input.cursor);
  const rows = await db.$queryRaw<(ConversationRow & { window_end: string; window_size: bigint })[]>`
    WITH recent AS MATERIALIZED (
      SELECT id, from_sender, to_number, body, created_at, environment
      FROM messages
      WHERE organization_id = ${organizationId} AND direction = 'inbound'
        ${before ? Prisma.sql`AND id < ${before}` : Prisma.empty}
      ORDER BY id DESC
      LIMIT ${window}
    ), latest AS (
      SELECT DISTINCT ON (from_sender) from_sender AS phone, to_number AS number, id, body, created_at,
             environment::text AS environment
      FROM recent ORDER BY from_sender, id DESC
    )
    SELECT latest.*, (SELECT min(id) FROM recent) AS window_end, (SELECT count(*) FROM recent) AS window_size,
           EXISTS (SELECT 1 FROM contact_opt_outs o
                   WHERE o.organization_id = ${organizationId} AND o.phone = latest.phone) AS opted_out
    FROM latest ORDER BY id DESC`;
  const full = rows.length > 0 && Number(rows[0]!.window_size) === window;
  return {
    items: rows.map((r) => ({
      phone: r.phone,
      number: r.number,
      lastMessageId: r.id,
      lastBody: r.body,
      lastAt: new Date(r.created_at).toISOString(),
      environment: r.environment,
      optedOut: r.opted_out,
    })),
    nextCursor: full ? encodeCursor("inbox", organizationId, rows[0]!.window_end) : null,
  };
}

interface ThreadRow {
  id: string;
  direction: "inbound" | "outbound";
  body: string;
  status: string;
  environment: "live" | "test";
  created_at: Date;
  auto_reply: "stop" | "start" | "help" | "campaign_test" | null;
  otp_id: string | null;
}

/**
 * One number's conversation, both ways, newest first (at most THREAD_LIMIT): what it sent to the
 * organization (the inbound partial index by sender) and what was sent to it ((organization_id,
 * to_number, id)), two index range reads. Live outbound bodies only for roles that may read them,
 * OTP codes masked for roles that may not; inbound bodies are for every member (contract §3).
 */
export async function getConversation(
  db: DbOrTx,
  organizationId: string,
  phone: string,
  access: BodyAccess,
): Promise<ThreadMessage[]> {
  const rows = await db.$queryRaw<ThreadRow[]>`
    SELECT * FROM (
      (SELECT id, direction::text AS direction, body, status::text AS status, environment::text AS environment, created_at,
              auto_reply, otp_id
       FROM messages WHERE organization_id = ${organizationId} AND direction = 'inbound' AND from_sender = ${phone}
       ORDER BY id DESC LIMIT ${THREAD_LIMIT})
      UNION ALL
      (SELECT id, direction::text AS direction, body, status::text AS status, environment::text AS environment, created_at,
              auto_reply, otp_id
       FROM messages WHERE organization_id = ${organizationId} AND to_number = ${phone} AND direction = 'outbound'
       ORDER BY id DESC LIMIT ${THREAD_LIMIT})
    ) both_ways ORDER BY id DESC LIMIT ${THREAD_LIMIT}`;
  return rows.map((r) => ({
    id: r.id,
    direction: r.direction,
    body:
      r.direction === "outbound" && r.environment === "live" && !access.canReadLiveBody
        ? null
        : shownOtpBody(r.body, r.otp_id, access.canReadOtpCodes),
    status: r.status,
    environment: r.environment,
    at: new Date(r.created_at).toISOString(),
    autoReply: r.auto_reply === "campaign_test" ? null : r.auto_reply,
  }));
}
