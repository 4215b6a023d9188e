import { Prisma, type DbOrTx } from "../db/client";
import type { Message } from "../db/generated/client";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ListMessagesFilters, type MessagePage } from "@/schemas/message-views";
import { toMessageListItem } from "./to-message-views";
import { shownOtpBody } from "./body-access";
import { decodeCursor, encodeCursor } from "../pagination/cursor";
import { idRange } from "../pagination/id-range";
import { likePrefix } from "../db/like";

export type ListMessagesOptions = Partial<ListMessagesFilters> & {
  /** Live bodies are shown only to roles that may read them; sandbox bodies to everyone (as on the detail). */
  canReadLiveBody?: boolean;
  /** OTP codes in bodies (masked without). */
  canReadOtpCodes?: boolean;
};

/** How much of the body a list row shows. */
const SNIPPET_CHARS = 80;

interface Row {
  id: string;
  to_number: string;
  from_sender: string;
  status: Message["status"];
  direction: Message["direction"];
  environment: Message["environment"];
  segments: number;
  encoding: string;
  price_units: bigint | number | string;
  api_key_id: string | null;
  batch_id: string | null;
  otp_id: string | null;
  error_code: string | null;
  created_at: Date | string;
  snippet: string | null;
  api_key_name: string | null;
  auto_reply: string | null;
}

/**
 * The filters as SQL. Each is served by an index that a page can stop early on, or that returns few
 * rows: the (organization_id, id) index for the list and dates (as an id range), the primary key for a
 * message id, (organization_id, to_number, id) for a number or its beginning, and the reversed-number
 * expression index (migration 20261127040000_search_indexes) for its last digits: a suffix of the
 * number is a prefix of reverse(to_number).
 */
function conditionsOf(organizationId: string, o: ListMessagesOptions, before: string | undefined): Prisma.Sql[] {
  const c: Prisma.Sql[] = [Prisma.sql`organization_id = ${organizationId}`];
  if (o.status) c.push(Prisma.sql`status = ${o.status}::"MessageStatus"`);
  if (o.environment) c.push(Prisma.sql`environment = ${o.environment}::"KeyEnvironment"`);
  // A whole number is its own prefix; the filter schema lets only + and digits through.
  if (o.to) c.push(Prisma.sql`to_number LIKE ${likePrefix(o.to)}`);
  const search = o.search;
  if (search?.kind === "id") c.push(Prisma.sql`id = ${search.id}`);
  if (search?.kind === "number") c.push(Prisma.sql`to_number LIKE ${likePrefix(search.prefix)}`);
  if (search?.kind === "lastDigits") {
    const reversed = [...search.digits].reverse().join("");
    c.push(Prisma.sql`reverse(to_number) COLLATE "C" LIKE ${likePrefix(reversed)}`);
  }
  const ids = idRange("msg", { from: o.from, until: o.until, before });
  if (ids?.gte) c.push(Prisma.sql`id >= ${ids.gte}`);
  if (ids?.lt) c.push(Prisma.sql`id < ${ids.lt}`);
  return c;
}

/** The page's statement (exported for the plan tests, which EXPLAIN exactly this). */
export function messagePageSql(
  organizationId: string,
  options: ListMessagesOptions,
  before: string | undefined,
  rows: number,
): Prisma.Sql {
  const where = Prisma.join(conditionsOf(organizationId, options, before), " AND ");
  return Prisma.sql`
    SELECT m.id, m.to_number, m.from_sender, m.status::text AS status, m.direction::text AS direction,
      m.environment::text AS environment, m.segments, m.encoding, m.price_units, m.api_key_id, m.batch_id,
      m.otp_id, m.error_code, m.created_at, m.auto_reply, m.snippet, k.name AS api_key_name
    FROM (
      SELECT id, to_number, from_sender, status, direction, environment, segments, encoding, price_units,
        api_key_id, batch_id, otp_id, error_code, created_at, auto_reply, left(body, ${SNIPPET_CHARS}) AS snippet
      FROM messages WHERE ${where}
      ORDER BY id DESC LIMIT ${rows}
    ) m
    LEFT JOIN api_keys k ON k.organization_id = ${organizationId} AND k.id = m.api_key_id
    ORDER BY m.id DESC`;
}

/**
 * One organization's messages, newest first, a page at a time. Ids start with their creation time,
 * so `id < cursor` continues exactly where the last page ended, even while new messages arrive
 * (they sort before the first page, never into a later one). The cursor is opaque and signed for
 * this list and organization (server/pagination/cursor.ts): any other answers 400. Each row carries
 * the body's beginning and the sending key's name: the page is chosen first, then joined to its
 * keys (at most one primary-key read per row).
 */
export async function listMessages(
  db: DbOrTx,
  organizationId: string,
  options: ListMessagesOptions = {},
): Promise<MessagePage> {
  const cursor = decodeCursor("messages", organizationId, options.cursor);
  const limit = Math.min(Math.max(options.limit ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  // One extra row says whether another page exists without a count query.
  const rows = await db.$queryRaw<Row[]>(messagePageSql(organizationId, options, cursor, limit + 1));
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => {
      const bodyHidden = r.environment === "live" && !options.canReadLiveBody;
      return {
        ...toMessageListItem({
          id: r.id,
          to: r.to_number,
          from: r.from_sender,
          status: r.status,
          direction: r.direction,
          environment: r.environment,
          segments: Number(r.segments),
          encoding: r.encoding,
          priceUnits: BigInt(r.price_units),
          apiKeyId: r.api_key_id,
          batchId: r.batch_id,
          otpId: r.otp_id,
          errorCode: r.error_code,
          createdAt: new Date(r.created_at),
          autoReply: r.auto_reply,
        }),
        snippet: bodyHidden || r.snippet === null ? null : shownOtpBody(r.snippet, r.otp_id, !!options.canReadOtpCodes),
        apiKeyName: r.api_key_name,
      };
    }),
    nextCursor: rows.length > limit ? encodeCursor("messages", organizationId, page.at(-1)!.id) : null,
  };
}
