import { AUDIT_SNAPSHOTS, type AuditChanges, type AuditResourceType } from "@/schemas/audit-log";

type Snapshot = Record<string, unknown>;

/** Dates as ISO strings, so a row and its view compare equal and the JSON is stable. */
function normalize(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * Only the fields the resource's snapshot schema lists: anything else (hashes, ciphertext, raw
 * secrets, tokens, internal columns) is dropped here, before a value can reach the log.
 */
export function snapshotOf(resourceType: AuditResourceType, value: object): Snapshot {
  const normalized = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v)]));
  return AUDIT_SNAPSHOTS[resourceType].parse(normalized) as Snapshot;
}

/**
 * What changed between two states of a resource: every field of a created (before null) or
 * deleted (after null) resource, else only the fields whose values differ.
 */
export function diffChanges(
  resourceType: AuditResourceType,
  before: object | null,
  after: object | null,
  options: { secretChanged?: boolean } = {},
): AuditChanges {
  const b = before ? snapshotOf(resourceType, before) : null;
  const a = after ? snapshotOf(resourceType, after) : null;
  const extra = options.secretChanged ? { secretChanged: true } : {};
  if (!b || !a) return { before: b, after: a, ...extra };
  const changed = Object.keys({ ...b, ...a }).filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
  return {
    before: Object.fromEntries(changed.map((k) => [k, b[k] ?? null])),
    after: Object.fromEntries(changed.map((k) => [k, a[k] ?? null])),
    ...extra,
  };
}
