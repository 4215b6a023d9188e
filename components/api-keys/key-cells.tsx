import { PERMISSIONS } from "@/schemas/permissions";
import { Badge } from "../ui/badge";
import { cn } from "../ui/cn";
import { hasAllPermissions, type KeyStatus } from "./key-format";

/** Compact: "All permissions", up to two chips, or one chip and "+N" (the full list in the tooltip). */
export function PermissionsCell({ permissions }: { permissions: readonly string[] }) {
  const sorted = PERMISSIONS.filter((p) => permissions.includes(p));
  const title = sorted.join(", ");
  if (hasAllPermissions(sorted)) {
    return (
      <span title={title}>
        <Badge tone="violet">All permissions</Badge>
      </span>
    );
  }
  const shown = sorted.length <= 2 ? sorted : sorted.slice(0, 1);
  const rest = sorted.length - shown.length;
  return (
    <span title={title} className="inline-flex items-center gap-1">
      <span className="sr-only">{`${sorted.length} permissions: ${title}`}</span>
      {shown.map((p) => (
        <span
          key={p}
          aria-hidden
          className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] text-slate-700 ring-1 ring-slate-200 ring-inset"
        >
          {p}
        </span>
      ))}
      {rest > 0 ? (
        <span aria-hidden className="rounded px-1 py-0.5 text-xs font-medium text-slate-500">
          +{rest} more
        </span>
      ) : null}
    </span>
  );
}

const STATUS: Record<KeyStatus, { label: string; dot: string; text: string }> = {
  active: { label: "Active", dot: "bg-emerald-500", text: "text-emerald-700" },
  disabled: { label: "Disabled", dot: "bg-slate-400", text: "text-slate-500" },
  expired: { label: "Expired", dot: "bg-red-500", text: "text-red-700" },
};

export function StatusCell({ status }: { status: KeyStatus }) {
  const s = STATUS[status];
  return (
    <span className={cn("inline-flex items-center gap-1.5 text-sm font-medium", s.text)}>
      <span aria-hidden className={cn("size-1.5 rounded-full", s.dot)} />
      {s.label}
    </span>
  );
}
