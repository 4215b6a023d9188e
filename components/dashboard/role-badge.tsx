import { ROLE_LABELS, type Role } from "@/schemas/roles";
import { Badge, type BadgeTone } from "../ui/badge";

const TONE: Record<Role, BadgeTone> = { owner: "violet", admin: "indigo", developer: "blue", support: "gray" };

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={TONE[role]}>{ROLE_LABELS[role]}</Badge>;
}
