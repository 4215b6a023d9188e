import type { Db } from "../db/client";
import { newId } from "../ids";
import { createOrganizationInput } from "@/schemas/organizations";

/** "New organization" in the switcher: a fresh organization with the creator as its owner. */
export async function createOrganization(db: Db, userId: string, name: string) {
  const data = createOrganizationInput.parse({ name });
  return db.$transaction(async (tx) => {
    const organization = await tx.organization.create({
      data: { id: newId("org"), name: data.name },
      select: { id: true, name: true, createdAt: true },
    });
    await tx.membership.create({
      data: { id: newId("mem"), userId, organizationId: organization.id, role: "owner" },
    });
    return organization;
  });
}
