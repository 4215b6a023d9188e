import type { DbOrTx } from "../db/client";
import { AppError } from "../errors";
import type { Role } from "@/schemas/roles";

export interface ActiveMembership {
  membershipId: string;
  userId: string;
  organizationId: string;
  organizationName: string;
  role: Role;
}

const select = {
  id: true,
  userId: true,
  role: true,
  organization: { select: { id: true, name: true } },
} as const;

type Row = { id: string; userId: string; role: Role; organization: { id: string; name: string } };

function toActive(row: Row): ActiveMembership {
  return {
    membershipId: row.id,
    userId: row.userId,
    organizationId: row.organization.id,
    organizationName: row.organization.name,
    role: row.role,
  };
}

/**
 * The user's membership of one organization. A non-member gets not_found, never forbidden, so an
 * organization id reveals nothing about organizations the caller does not belong to (contract §1).
 */
export async function getMembershipOrThrow(
  db: DbOrTx,
  userId: string,
  organizationId: string,
): Promise<ActiveMembership> {
  const row = await db.membership.findUnique({
    where: { userId_organizationId: { userId, organizationId } },
    select,
  });
  if (!row) throw new AppError("not_found", "Organization not found.");
  return toActive(row);
}

/**
 * The organization a dashboard request acts on: the preferred one (the `sg_org` cookie) when the
 * user still belongs to it, otherwise the user's oldest membership. A stale or forged cookie thus
 * degrades to a safe default instead of an error. Null when the user belongs to no organization.
 */
export async function resolveActiveMembership(
  db: DbOrTx,
  userId: string,
  preferredOrganizationId?: string | null,
): Promise<ActiveMembership | null> {
  if (preferredOrganizationId) {
    const row = await db.membership.findUnique({
      where: { userId_organizationId: { userId, organizationId: preferredOrganizationId } },
      select,
    });
    if (row) return toActive(row);
  }
  const oldest = await db.membership.findFirst({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select,
  });
  return oldest ? toActive(oldest) : null;
}
