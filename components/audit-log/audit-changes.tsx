"use client";

import { KeyRound } from "lucide-react";
import { AUDIT_SNAPSHOTS, type AuditChanges, type AuditResourceType } from "@/schemas/audit-log";

const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  description: "Description",
  environment: "Environment",
  keyPrefix: "Key prefix",
  permissions: "Permissions",
  ipRestrictions: "IP restrictions",
  isActive: "Active",
  expiresAt: "Expires",
  url: "URL",
  events: "Events",
  hasSecret: "Signing secret set",
  perMinute: "Per minute",
  perHour: "Per hour",
  perDay: "Per day",
  enabled: "Limiting enabled",
  userId: "User",
  email: "Email",
  role: "Role",
  via: "Signed in through",
  revoked: "Session revoked",
};

function show(value: unknown): string {
  if (value === undefined) return "—";
  if (value === null) return "none";
  if (Array.isArray(value)) return value.length ? value.join(", ") : "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/** "What changed": one line per field with its value before and after; a secret is only named. */
export function AuditChangesView({
  resourceType,
  changes,
}: {
  resourceType: AuditResourceType;
  changes: AuditChanges | null;
}) {
  const before = changes?.before ?? {};
  const after = changes?.after ?? {};
  // The stored JSON does not keep key order: show fields in the order the resource declares them.
  const fields = Object.keys(AUDIT_SNAPSHOTS[resourceType].shape).filter((f) => f in before || f in after);
  if (fields.length === 0 && !changes?.secretChanged) {
    return <p className="text-sm text-slate-500">No field values were recorded for this action.</p>;
  }
  return (
    <div className="space-y-2">
      {fields.length > 0 ? (
        <table className="w-full max-w-3xl text-left text-sm" aria-label="Changed fields">
          <thead>
            <tr className="text-xs tracking-wide text-slate-500 uppercase">
              <th className="py-1 pr-4 font-medium">Field</th>
              {changes?.before ? <th className="py-1 pr-4 font-medium">Before</th> : null}
              {changes?.after ? <th className="py-1 font-medium">After</th> : null}
            </tr>
          </thead>
          <tbody className="align-top">
            {fields.map((field) => (
              <tr key={field}>
                <td className="py-1 pr-4 text-slate-600">{FIELD_LABELS[field] ?? field}</td>
                {changes?.before ? (
                  <td className="py-1 pr-4 break-all whitespace-normal text-slate-500">{show(before[field])}</td>
                ) : null}
                {changes?.after ? (
                  <td className="py-1 break-all whitespace-normal text-slate-900">{show(after[field])}</td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {changes?.secretChanged ? (
        <p className="flex items-center gap-1.5 text-xs text-slate-500">
          <KeyRound aria-hidden className="size-3.5" />A secret changed. Its value is never recorded.
        </p>
      ) : null}
    </div>
  );
}
