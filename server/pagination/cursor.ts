import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { getEnv } from "../env";
import { AppError } from "../errors";
import { MAX_CURSOR_LENGTH } from "@/schemas/common";

/**
 * Opaque list cursors (contract §1). A cursor names the list it pages, the organization it was
 * issued to and the position (the last row's key), and is signed, so a cursor the server did not
 * issue, or issued for another list or organization, is refused with 400 `invalid_request` rather
 * than read as "no more rows" or as a position in someone else's data. Every paged list, REST and
 * tRPC, encodes and decodes through here.
 */
export type CursorList =
  | "messages"
  | "sms.history"
  | "otp.codes"
  | "audit.log"
  | "webhook.deliveries"
  | "contacts"
  | "contacts.opt-outs"
  | "contacts.opt-outs.recent"
  | "inbox"
  | "events"
  | "campaigns"
  | "campaign.recipients"
  | "request.logs";

let macKey: Buffer | undefined;
function key(): Buffer {
  macKey ??= Buffer.from(hkdfSync("sha256", getEnv().AUTH_SECRET, "signalgate", "list-cursor-v1", 32));
  return macKey;
}

// 12 bytes of HMAC-SHA256: forging one takes 2^96 tries, and the cursor stays short in a URL.
function mac(payload: string): Buffer {
  return createHmac("sha256", key()).update(payload).digest().subarray(0, 12);
}

/** The cursor for the page after the row whose key is `position`. */
export function encodeCursor(list: CursorList, organizationId: string, position: string): string {
  const payload = Buffer.from(JSON.stringify([list, organizationId, position])).toString("base64url");
  return `${payload}.${mac(payload).toString("base64url")}`;
}

export function invalidCursor(): AppError {
  return new AppError(
    "invalid_request",
    "cursor is not valid for this list: pass the X-Next-Cursor value of the previous page",
    {
      details: [{ path: "cursor", message: "not a cursor issued for this list" }],
    },
  );
}

/** The position a cursor stands for; undefined for no cursor (the first page). Throws 400 otherwise. */
export function decodeCursor(
  list: CursorList,
  organizationId: string,
  cursor: string | undefined | null,
): string | undefined {
  if (cursor === undefined || cursor === null || cursor === "") return undefined;
  const dot = cursor.indexOf(".");
  if (dot <= 0 || cursor.length > MAX_CURSOR_LENGTH) throw invalidCursor();
  const payload = cursor.slice(0, dot);
  const given = Buffer.from(cursor.slice(dot + 1), "base64url");
  const expected = mac(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalidCursor();
  const [l, org, position] = parsed as unknown[];
  if (l !== list || org !== organizationId || typeof position !== "string") throw invalidCursor();
  return position;
}
