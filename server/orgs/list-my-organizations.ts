import type { DbOrTx } from "../db/client";
import type { Role } from "@/schemas/roles";

export interface MyOrganization {
  id: string;
  name: string;
  role: Role;
  joinedAt: Date;
}

/** Every organization the user belongs to, oldest membership first (the org switcher's list). */
export async function listMyOrganizations(db: DbOrTx, userId: string): Promise<MyOrganization[]> {
  const rows = await db.membership.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { role: true, createdAt: true, organization: { select: { id: true, name: true } } },
  });
  return rows.map((r) => ({ id: r.organization.id, name: r.organization.name, role: r.role, joinedAt: r.createdAt }));
}
