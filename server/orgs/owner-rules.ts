import type { Prisma } from "../db/client";
import { AppError } from "../errors";
import type { Role } from "@/schemas/roles";

/**
 * Only an owner may hand out, change or take away the owner role: an admin manages everyone else
 * but cannot promote themselves or lock the owners out.
 */
export function assertMayAssign(actorRole: Role, ...roles: Role[]): void {
  if (actorRole !== "owner" && roles.includes("owner")) {
    throw new AppError("forbidden", "Only an owner can grant, change or remove the owner role.");
  }
}

/**
 * Serialises membership changes of one organization (row lock on the organization), so two
 * concurrent demotions cannot both see "another owner exists" and leave the organization ownerless.
 */
export async function lockOrganization(tx: Prisma.TransactionClient, organizationId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${organizationId} FOR UPDATE`;
}

export async function assertNotLastOwner(
  tx: Prisma.TransactionClient,
  organizationId: string,
  what: string,
): Promise<void> {
  const owners = await tx.membership.count({ where: { organizationId, role: "owner" } });
  if (owners <= 1) {
    throw new AppError(
      "forbidden",
      `An organization needs at least one owner: make someone else an owner before you ${what}.`,
    );
  }
}
