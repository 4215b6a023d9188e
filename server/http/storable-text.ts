import { AppError, type ErrorDetail } from "../errors";

// U+0000 and unpaired UTF-16 surrogates: PostgreSQL's text and jsonb cannot hold them, and a query
// carrying one fails inside the database as a 500 (contract §12, Input).
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

const MAX_DEPTH = 64;

/** Paths (`messages.3.body`, keys included) of every string in `value` PostgreSQL cannot store. */
export function unstorablePaths(value: unknown, path: string[] = [], found: string[] = [], depth = 0): string[] {
  if (found.length >= 10 || depth > MAX_DEPTH) return found;
  if (typeof value === "string") {
    if (!isStorableText(value)) found.push(path.join("."));
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorablePaths(item, [...path, String(i)], found, depth + 1));
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) found.push([...path, key.replace(UNSTORABLE, "\ufffd")].join("."));
      unstorablePaths(item, [...path, key], found, depth + 1);
    }
  }
  return found;
}

/**
 * The one check of the REST wrapper: 400 `invalid_request` naming each field of the body, query or
 * path whose text holds U+0000 or a lone surrogate, before any handler or query runs.
 */
export function assertStorable(input: unknown, where: "body" | "query" | "path"): void {
  const paths = unstorablePaths(input);
  if (paths.length === 0) return;
  const details: ErrorDetail[] = paths.map((p) => ({
    path: where === "body" ? p : `${where}.${p}`,
    message: "Text may not contain U+0000 or an unpaired UTF-16 surrogate.",
  }));
  throw new AppError("invalid_request", `\`${details[0]!.path}\` holds a character that cannot be stored.`, {
    details,
  });
}
