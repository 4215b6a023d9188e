import type { Member } from "./list-members";

/** The membership columns a member view is built from (with its user). */
export const memberSelect = {
  id: true,
  role: true,
  createdAt: true,
  user: { select: { id: true, email: true, name: true } },
} as const;

interface MemberRow {
  id: string;
  role: Member["role"];
  createdAt: Date;
  user: { id: string; email: string; name: string | null };
}

export function toMember(m: MemberRow): Member {
  return { id: m.id, userId: m.user.id, email: m.user.email, name: m.user.name, role: m.role, joinedAt: m.createdAt };
}
