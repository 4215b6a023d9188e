import type { DbOrTx } from "../db/client";
import type { OtpCode, Prisma } from "../db/generated/client";
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  otpListItemSchema,
  type ListOtpCodesFilters,
  type OtpListItem,
  type OtpPage,
} from "@/schemas/message-views";
import { decodeCursor, encodeCursor } from "../pagination/cursor";

export type ListOtpCodesOptions = Partial<ListOtpCodesFilters>;

// Everything but the code hash: it never leaves the database, not even towards the schema.
const OTP_LIST_SELECT = {
  id: true,
  to: true,
  environment: true,
  status: true,
  length: true,
  attempts: true,
  maxAttempts: true,
  messageId: true,
  expiresAt: true,
  verifiedAt: true,
  createdAt: true,
} as const;

type OtpRow = Pick<OtpCode, keyof typeof OTP_LIST_SELECT>;

/**
 * A pending code whose time is up is shown (and filtered) as EXPIRED: verify already treats it so,
 * and the expiry job that marks the row may run a little later.
 */
function statusWhere(status: OtpListItem["status"], now: Date): Prisma.OtpCodeWhereInput {
  if (status === "PENDING") return { status: "PENDING", expiresAt: { gt: now } };
  if (status === "EXPIRED") return { OR: [{ status: "EXPIRED" }, { status: "PENDING", expiresAt: { lte: now } }] };
  return { status };
}

function toOtpListItem(row: OtpRow, now: Date): OtpListItem {
  const expired = row.status === "PENDING" && row.expiresAt <= now;
  return otpListItemSchema.parse({
    ...row,
    status: expired ? "EXPIRED" : row.status,
    expiresAt: row.expiresAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  });
}

/** One organization's OTP codes, newest first, paged like listMessages (`id < cursor`). */
export async function listOtpCodes(
  db: DbOrTx,
  organizationId: string,
  options: ListOtpCodesOptions = {},
  { now = new Date() }: { now?: Date } = {},
): Promise<OtpPage> {
  const { status, environment, to, cursor } = options;
  const after = decodeCursor("otp.codes", organizationId, cursor);
  const limit = Math.min(Math.max(options.limit ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const where: Prisma.OtpCodeWhereInput = {
    organizationId,
    ...(status ? statusWhere(status, now) : {}),
    ...(environment ? { environment } : {}),
    ...(to ? { to: { startsWith: to } } : {}),
    ...(after ? { id: { lt: after } } : {}),
  };
  const rows = await db.otpCode.findMany({ where, orderBy: { id: "desc" }, take: limit + 1, select: OTP_LIST_SELECT });
  const page = rows.slice(0, limit);
  return {
    items: page.map((row) => toOtpListItem(row, now)),
    nextCursor: rows.length > limit ? encodeCursor("otp.codes", organizationId, page.at(-1)!.id) : null,
  };
}
