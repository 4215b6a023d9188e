import { PERMISSIONS } from "@/schemas/permissions";
import { Badge } from "../ui/badge";
import { CompactChips } from "../ui/chips";
import { DotStatus, type DotStatusTone } from "../ui/dot-status";
import { hasAllPermissions, type KeyStatus } from "./key-format";

/** Compact: "All permissions", up to two chips, or one chip and "+N" (the full list in the tooltip). */
export function PermissionsCell({ permissions }: { permissions: readonly string[] }) {
  const sorted = PERMISSIONS.filter((p) => permissions.includes(p));
  if (hasAllPermissions(sorted)) {
    return (
      <span title={sorted.join(", ")}>
        <Badge tone="violet">All permissions</Badge>
      </span>
    );
  }
  return <CompactChips values={sorted} noun="permissions" />;
}

const STATUS: Record<KeyStatus, { label: string; tone: DotStatusTone }> = {
  active: { label: "Active", tone: "on" },
  disabled: { label: "Disabled", tone: "off" },
  expired: { label: "Expired", tone: "problem" },
};

export function StatusCell({ status }: { status: KeyStatus }) {
  return <DotStatus tone={STATUS[status].tone}>{STATUS[status].label}</DotStatus>;
}
