import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/unique-violation";
import { AppError } from "../errors";
import { newId } from "../ids";
import { hashPassword } from "../auth/password";
import { addMemberInput, type AddMemberInput } from "@/schemas/auth";
import type { Role } from "@/schemas/roles";
import type { AuditActor } from "../audit/actor";
import { diffChanges } from "../audit/changes";
import { recordAudit } from "../audit/record-audit";
import type { Member } from "./list-members";
import { memberSelect, toMember } from "./member-row";
import { assertMayAssign } from "./owner-rules";

/**
 * Adds a person to an organization by email. An existing account simply gains a membership (its
 * password is untouched and `initialPassword` is ignored); for an unknown email an account is
 * created with `initialPassword` — this is how an owner sets up, say, a support colleague.
 */
export async function addMember(
  db: Db,
  organizationId: string,
  input: AddMemberInput,
  actorRole: Role,
  actor: AuditActor,
): Promise<Member> {
  const data = addMemberInput.parse(input);
  assertMayAssign(actorRole, data.role);

  const existing = await db.user.findUnique({ where: { email: data.email }, select: { id: true } });
  if (!existing && !data.initialPassword) {
    throw new AppError(
      "invalid_request",
      "No SignalGate account uses this email yet: set an initial password for it.",
      {
        details: [{ path: "initialPassword", message: "Required: no SignalGate account uses this email yet." }],
      },
    );
  }
  // Hash outside the transaction: argon2 takes tens of milliseconds and must not hold a connection.
  const passwordHash = !existing && data.initialPassword ? await hashPassword(data.initialPassword) : null;

  try {
    return await db.$transaction(async (tx) => {
      const org = await tx.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
      if (!org) throw new AppError("not_found", "Organization not found.");

      const user =
        existing ??
        (await tx.user.create({
          data: { id: newId("usr"), email: data.email, name: data.name ?? null, passwordHash: passwordHash! },
          select: { id: true },
        }));
      const duplicate = await tx.membership.findUnique({
        where: { userId_organizationId: { userId: user.id, organizationId } },
        select: { id: true },
      });
      if (duplicate) throw new AppError("already_member");

      const m = await tx.membership.create({
        data: { id: newId("mem"), userId: user.id, organizationId, role: data.role },
        select: memberSelect,
      });
      const member = toMember(m);
      await recordAudit(tx, organizationId, actor, {
        action: "member.added",
        resourceType: "member",
        resourceId: m.id,
        // A new account's initial password is a secret like any other: only the fact is logged.
        changes: diffChanges("member", null, member, { secretChanged: !existing }),
      });
      return member;
    });
  } catch (err) {
    // Lost a race: the same person added twice at once, or their account created meanwhile.
    if (isUniqueViolation(err))
      throw new AppError("already_member", "This person was just added by someone else. Reload to see them.");
    throw err;
  }
}
