import type { Db, DbOrTx } from "../db/client";
import { AppError } from "../errors";
import type { InvitationView } from "@/schemas/accounts";
import type { Role } from "@/schemas/roles";
import type { AuditActor } from "../audit/actor";
import { recordAudit } from "../audit/record-audit";
import { assertMayAssign } from "../orgs/owner-rules";
import { issueInvitationLink } from "./create-invitation";
import { invitationSelect, pendingWhere, toInvitationView } from "./invitation-view";

/** Pending invitations of one organization, newest first (accepted, revoked and expired leave the list). */
export async function listInvitations(db: DbOrTx, organizationId: string, now = new Date()): Promise<InvitationView[]> {
  const rows = await db.invitation.findMany({
    where: { organizationId, ...pendingWhere(now) },
    orderBy: { createdAt: "desc" },
    take: 500,
    select: invitationSelect,
  });
  return rows.map(toInvitationView);
}

async function pendingOrThrow(tx: DbOrTx, organizationId: string, id: string, now: Date) {
  const row = await tx.invitation.findFirst({
    where: { id, organizationId, ...pendingWhere(now) },
    select: { ...invitationSelect, organizationId: true },
  });
  if (!row) throw new AppError("not_found", "No pending invitation has this id.");
  return row;
}

/** DELETE /developer/members/invitations/:id: the link stops working at once. */
export async function revokeInvitation(
  db: Db,
  organizationId: string,
  id: string,
  actorRole: Role,
  actor: AuditActor,
  now = new Date(),
): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await pendingOrThrow(tx, organizationId, id, now);
    assertMayAssign(actorRole, row.role);
    await tx.invitation.update({ where: { organizationId_id: { organizationId, id } }, data: { revokedAt: now } });
    await recordAudit(
      tx,
      organizationId,
      actor,
      {
        action: "invitation.revoked",
        resourceType: "invitation",
        resourceId: id,
        changes: { before: { email: row.email, role: row.role }, after: null },
      },
      now,
    );
  });
}

/**
 * A new link for a pending invitation (the old one stops working: only links' hashes are stored),
 * valid 7 days from now, with or without its email, audited as `action`.
 */
async function reissueLink(
  db: Db,
  organizationId: string,
  id: string,
  actorRole: Role,
  actor: AuditActor,
  now: Date,
  how: { sendEmail: boolean; action: "invitation.resent" | "invitation.linkCopied" },
): Promise<{ view: InvitationView; url: string }> {
  return db.$transaction(async (tx) => {
    const row = await pendingOrThrow(tx, organizationId, id, now);
    assertMayAssign(actorRole, row.role);
    const invitedBy = actor.type === "user" ? actor.userId : null;
    const { expiresAt, url } = await issueInvitationLink(tx, row, invitedBy, now, { sendEmail: how.sendEmail });
    const view = toInvitationView({ ...row, expiresAt });
    await recordAudit(
      tx,
      organizationId,
      actor,
      {
        action: how.action,
        resourceType: "invitation",
        resourceId: id,
        changes: { before: null, after: { email: view.email, role: view.role, expiresAt: view.expiresAt } },
      },
      now,
    );
    return { view, url };
  });
}

/** Resend: a new link (the old one stops working) valid 7 days from now, and a new email. */
export async function resendInvitation(
  db: Db,
  organizationId: string,
  id: string,
  actorRole: Role,
  actor: AuditActor,
  now = new Date(),
): Promise<InvitationView> {
  const { view } = await reissueLink(db, organizationId, id, actorRole, actor, now, {
    sendEmail: true,
    action: "invitation.resent",
  });
  return view;
}

/**
 * "Copy invitation link" (owners and admins; issue 39): a new link handed to the inviter to send by
 * hand, for instance when this server sends no email. The link emailed before stops working. No
 * email is sent.
 */
export async function copyInvitationLink(
  db: Db,
  organizationId: string,
  id: string,
  actorRole: Role,
  actor: AuditActor,
  now = new Date(),
): Promise<{ url: string; expiresAt: string }> {
  const { view, url } = await reissueLink(db, organizationId, id, actorRole, actor, now, {
    sendEmail: false,
    action: "invitation.linkCopied",
  });
  return { url, expiresAt: view.expiresAt };
}
