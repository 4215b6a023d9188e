import { PERMISSIONS } from "@/schemas/permissions";
import { expiresInSchema, updateApiKeyInput, type ApiKeyView } from "@/schemas/api-keys";

export type KeyStatus = "active" | "disabled" | "expired";

/** Expired wins over disabled: it is the reason the key fails even if someone enables it again. */
export function keyStatus(key: Pick<ApiKeyView, "isActive" | "expiresAt">, now: number): KeyStatus {
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now) return "expired";
  return key.isActive ? "active" : "disabled";
}

export function hasAllPermissions(permissions: readonly string[]): boolean {
  return PERMISSIONS.every((p) => permissions.includes(p));
}

// One time-zone rule for the whole dashboard: components/format/time.ts.
export { formatDate, formatDateTime, formatRelative } from "../format/time";

/**
 * The textarea's lines checked with the API's own schema (so the form and the server agree on what
 * an IP or CIDR range is). Errors carry the 1-based line number of the offending entry.
 */
export function parseIpLines(text: string): { entries: string[]; errors: string[] } {
  const lines = text.split("\n").map((l) => l.trim());
  const entries: string[] = [];
  const lineOf: number[] = [];
  lines.forEach((line, i) => {
    if (line) {
      entries.push(line);
      lineOf.push(i + 1);
    }
  });
  const parsed = updateApiKeyInput.shape.ipRestrictions.safeParse(entries);
  if (parsed.success) return { entries: parsed.data ?? [], errors: [] };
  const errors = parsed.error.issues.map((issue) => {
    const index = issue.path[0];
    return typeof index === "number" ? `Line ${lineOf[index] ?? index + 1}: ${issue.message}` : issue.message;
  });
  return { entries, errors };
}

export type ExpiryChoice = "never" | "30" | "90" | "365" | "custom";

export const EXPIRY_OPTIONS: { value: ExpiryChoice; label: string }[] = [
  { value: "never", label: "Never" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In 1 year" },
  { value: "custom", label: "Custom…" },
];

/** The `expiresIn` the API takes ("90d"), or an error message for a bad custom number of days. */
export function expiresInFor(
  choice: ExpiryChoice,
  customDays: string,
): { expiresIn: string | undefined; error?: string } {
  if (choice === "never") return { expiresIn: undefined };
  const days = choice === "custom" ? customDays.trim() : choice;
  const parsed = expiresInSchema.safeParse(`${days}d`);
  if (!parsed.success) {
    return { expiresIn: undefined, error: "Enter a whole number of days from 1 to 3650." };
  }
  return { expiresIn: parsed.data };
}
