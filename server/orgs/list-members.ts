import type { DbOrTx } from "../db/client";
import type { Role } from "@/schemas/roles";

export interface Member {
  /** The membership id: what update and remove take. */
  id: string;
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  joinedAt: Date;
}

const ROLE_ORDER: Record<Role, number> = { owner: 0, admin: 1, developer: 2, support: 3 };

/** Members of one organization, owners first, then by join date. */
export async function listMembers(db: DbOrTx, organizationId: string): Promise<Member[]> {
  const rows = await db.membership.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
  });
  return rows
    .map((r) => ({
      id: r.id,
      userId: r.user.id,
      email: r.user.email,
      name: r.user.name,
      role: r.role,
      joinedAt: r.createdAt,
    }))
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
}
