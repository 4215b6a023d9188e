import type { Db } from "../db/client";
import { AppError } from "../errors";
import { memberIdInput, updateMemberRoleInput } from "@/schemas/organizations";
import type { Role } from "@/schemas/roles";
import type { AuditActor } from "../audit/actor";
import { diffChanges } from "../audit/changes";
import { recordAudit } from "../audit/record-audit";
import type { Member } from "./list-members";
import { memberSelect, toMember } from "./member-row";
import { assertMayAssign, assertNotLastOwner, lockOrganization } from "./owner-rules";
import { credentialChanged } from "../auth/credential-changes";

/** Changes a member's role. The last owner cannot be demoted; only owners touch the owner role. */
export async function updateMemberRole(
  db: Db,
  organizationId: string,
  input: { memberId: string; role: Role },
  actorRole: Role,
  actor: AuditActor,
): Promise<Member> {
  const data = updateMemberRoleInput.parse(input);
  const changed = await db.$transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    // Scoped by organization: a membership id of another organization is simply not found.
    const current = await tx.membership.findFirst({
      where: { id: data.memberId, organizationId },
      select: memberSelect,
    });
    if (!current) throw new AppError("not_found", "Member not found.");
    assertMayAssign(actorRole, current.role, data.role);
    if (current.role === "owner" && data.role !== "owner") {
      await assertNotLastOwner(tx, organizationId, "change this role");
    }
    const m = await tx.membership.update({
      where: { organizationId_id: { organizationId, id: current.id } },
      data: { role: data.role },
      select: memberSelect,
    });
    const member = toMember(m);
    await recordAudit(tx, organizationId, actor, {
      action: "member.roleChanged",
      resourceType: "member",
      resourceId: m.id,
      changes: diffChanges("member", { ...member, role: current.role }, member),
    });
    return { member, userId: current.user.id };
  });
  credentialChanged({ userId: changed.userId });
  return changed.member;
}

/** Removes a member from the organization (their account stays). The last owner cannot be removed. */
export async function removeMember(
  db: Db,
  organizationId: string,
  input: { memberId: string },
  actorRole: Role,
  actor: AuditActor,
): Promise<{ id: string; userId: string }> {
  const data = memberIdInput.parse(input);
  const removed = await db.$transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const current = await tx.membership.findFirst({
      where: { id: data.memberId, organizationId },
      select: memberSelect,
    });
    if (!current) throw new AppError("not_found", "Member not found.");
    assertMayAssign(actorRole, current.role);
    if (current.role === "owner") await assertNotLastOwner(tx, organizationId, "remove this owner");
    await tx.membership.delete({ where: { organizationId_id: { organizationId, id: current.id } } });
    await recordAudit(tx, organizationId, actor, {
      action: "member.removed",
      resourceType: "member",
      resourceId: current.id,
      changes: diffChanges("member", { ...current.user, userId: current.user.id, role: current.role }, null),
    });
    return { id: current.id, userId: current.user.id };
  });
  credentialChanged({ userId: removed.userId });
  return removed;
}
