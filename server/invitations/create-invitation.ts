import type { Db, DbOrTx } from "../db/client";
import { AppError } from "../errors";
import { newId } from "../ids";
import { createInvitationInput, type CreateInvitationInput, type InvitationView } from "@/schemas/accounts";
import { ROLE_LABELS, type Role } from "@/schemas/roles";
import type { AuditActor } from "../audit/actor";
import { recordAudit } from "../audit/record-audit";
import { hashLinkToken, newLinkToken } from "../accounts/account-tokens";
import { enqueueEmail } from "../email/enqueue-email";
import { appUrl } from "../email/links";
import { assertMayAssign, lockOrganization } from "../orgs/owner-rules";
import { INVITATION_TTL_MS, invitationSelect, pendingWhere, toInvitationView } from "./invitation-view";

/**
 * A fresh link for an invitation row (the previous one stops working: only its hash is stored),
 * and its email unless `sendEmail` is false (the link copied to be sent by hand), in the caller's
 * transaction.
 */
export async function issueInvitationLink(
  tx: DbOrTx,
  invitation: { id: string; email: string; role: Role; organizationId: string },
  invitedByUserId: string | null,
  now: Date,
  { sendEmail = true }: { sendEmail?: boolean } = {},
): Promise<{ expiresAt: Date; url: string }> {
  const token = newLinkToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const url = appUrl(`/invite/${encodeURIComponent(token)}`);
  await tx.invitation.update({
    where: { organizationId_id: { organizationId: invitation.organizationId, id: invitation.id } },
    data: { tokenHash: hashLinkToken(token), expiresAt },
  });
  if (!sendEmail) return { expiresAt, url };
  const [org, inviter] = await Promise.all([
    tx.organization.findUniqueOrThrow({ where: { id: invitation.organizationId }, select: { name: true } }),
    invitedByUserId
      ? tx.user.findUnique({ where: { id: invitedByUserId }, select: { name: true, email: true } })
      : Promise.resolve(null),
  ]);
  await enqueueEmail(
    tx,
    invitation.email,
    {
      template: "invitation",
      data: {
        url,
        organizationName: org.name,
        role: ROLE_LABELS[invitation.role],
        invitedBy: inviter ? (inviter.name ?? inviter.email) : null,
        expiresInDays: INVITATION_TTL_MS / 86_400_000,
      },
    },
    now,
  );
  return { expiresAt, url };
}

/**
 * POST /developer/members/invitations (contract §14): owners and admins invite; only an owner may
 * invite an owner. An existing member is 409 already_member. Inviting an address that already has
 * a pending invitation replaces it (the old link stops working), so there is one per address.
 * `url` is the link (for the dashboard's "copy invitation link"; the REST answer leaves it out).
 */
export async function createInvitation(
  db: Db,
  organizationId: string,
  input: CreateInvitationInput,
  actorRole: Role,
  actor: AuditActor,
  now = new Date(),
): Promise<{ invitation: InvitationView; url: string }> {
  const data = createInvitationInput.parse(input);
  assertMayAssign(actorRole, data.role);
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const member = await tx.membership.findFirst({
      where: { organizationId, user: { email: data.email } },
      select: { id: true },
    });
    if (member) throw new AppError("already_member");
    await tx.invitation.updateMany({
      where: { organizationId, email: data.email, ...pendingWhere(now) },
      data: { revokedAt: now },
    });
    const id = newId("inv");
    await tx.invitation.create({
      data: {
        id,
        organizationId,
        email: data.email,
        role: data.role,
        // Replaced by issueInvitationLink below; unique and unguessable meanwhile.
        tokenHash: hashLinkToken(newLinkToken()),
        invitedByUserId: actor.type === "user" ? actor.userId : null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      },
    });
    const { url } = await issueInvitationLink(
      tx,
      { id, email: data.email, role: data.role, organizationId },
      actor.type === "user" ? actor.userId : null,
      now,
    );
    const row = await tx.invitation.findUniqueOrThrow({
      where: { organizationId_id: { organizationId, id } },
      select: invitationSelect,
    });
    const view = toInvitationView(row);
    await recordAudit(
      tx,
      organizationId,
      actor,
      {
        action: "invitation.created",
        resourceType: "invitation",
        resourceId: id,
        changes: { before: null, after: { email: view.email, role: view.role, expiresAt: view.expiresAt } },
      },
      now,
    );
    return { invitation: view, url };
  });
}
