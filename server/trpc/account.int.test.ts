// The Account page's and the Members page's procedures (contract §14): the dashboard session is
// "current" and survives a password change; invitations resend with a new link and revoke.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { hashLinkToken } from "../accounts/account-tokens";
import { createDashboardSession, dashboardSessionIsLive } from "../accounts/sessions";
import { registerUser } from "../auth/register-user";
import { startSession } from "../auth/refresh-tokens";
import { lookupInvitation } from "../invitations/accept-invitation";
import { uniqueEmail } from "../test/http";
import { seedMember, seedOrganization } from "../test/seed";
import { trpcError } from "../test/trpc";
import { ACTIVE_ORG_COOKIE } from "./active-org-cookie";
import { createTRPCContext } from "./init";
import { createCaller } from "./root";

const ORIGIN = { ip: "192.0.2.1", userAgent: "account procedures test" };

function dashboardCaller(userId: string, sessionId: string | null, organizationId?: string) {
  const headers = new Headers(organizationId ? { cookie: `${ACTIVE_ORG_COOKIE}=${organizationId}` } : {});
  return createCaller(
    createTRPCContext({ db: getDb(), session: { user: { id: userId }, sessionId }, headers, origin: ORIGIN }),
  );
}

/** The raw token of the newest invitation email to `to` (the outbox holds the rendered link). */
async function inviteToken(to: string): Promise<string> {
  const mail = await getDb().emailOutbox.findFirstOrThrow({ where: { toAddress: to }, orderBy: { id: "desc" } });
  return /\/invite\/([A-Za-z0-9]+)/.exec(mail.textBody)![1]!;
}

describe("account procedures", () => {
  it("lists sessions with this browser current, and a password change keeps only it", async () => {
    const password = "account page password";
    const { user, organization } = await registerUser(getDb(), {
      email: uniqueEmail(),
      password,
      organizationName: "Account",
    });
    const mine = await createDashboardSession(getDb(), user.id, ORIGIN, 3600);
    const other = await createDashboardSession(getDb(), user.id, ORIGIN, 3600);
    await startSession(getDb(), user, { organizationId: organization.id, role: "owner" }, ORIGIN);
    const api = dashboardCaller(user.id, mine);

    const sessions = await api.account.sessions();
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current).map((s) => s.id)).toEqual([mine]);

    const wrong = await trpcError(
      api.account.changePassword({ currentPassword: "nope", newPassword: "new password 1" }),
    );
    expect(wrong.code).toBe("UNAUTHORIZED");
    expect(await api.account.changePassword({ currentPassword: password, newPassword: "new password 1" })).toEqual({
      sessionsRevoked: 2,
    });
    expect(await dashboardSessionIsLive(getDb(), mine, user.id, 3600)).toBe(true);
    expect(await dashboardSessionIsLive(getDb(), other, user.id, 3600)).toBe(false);
    expect((await api.account.sessions()).map((s) => s.id)).toEqual([mine]);

    const profile = await api.account.updateProfile({ name: "  Renamed  " });
    expect(profile.name).toBe("Renamed");
    expect((await api.account.profile()).name).toBe("Renamed");
  });

  it("revokes only the caller's own sessions", async () => {
    const a = await seedOrganization("owner");
    const b = await seedOrganization("owner");
    const bSession = await createDashboardSession(getDb(), b.userId, ORIGIN, 3600);
    const err = await trpcError(dashboardCaller(a.userId, null).account.revokeSession({ sessionId: bSession }));
    expect(err.code).toBe("NOT_FOUND");
    expect(await dashboardSessionIsLive(getDb(), bSession, b.userId, 3600)).toBe(true);
  });
});

describe("invitation procedures", () => {
  it("resend replaces the link and the expiry; revoke ends it; an admin cannot touch an owner's", async () => {
    const owner = await seedOrganization("owner");
    const admin = await seedMember(owner.organizationId, "admin");
    const api = dashboardCaller(owner.userId, null, owner.organizationId);
    const email = uniqueEmail("invitee");
    const created = await api.members.invite({ email, role: "developer" });
    const first = await inviteToken(email);

    const resent = await api.members.resendInvitation({ invitationId: created.id });
    const second = await inviteToken(email);
    expect(second).not.toBe(first);
    expect(resent).toMatchObject({ id: created.id, email, role: "developer" });
    expect(Date.parse(resent.expiresAt)).toBeGreaterThanOrEqual(Date.parse(created.expiresAt));
    expect((await lookupInvitation(getDb(), first)).state).toBe("unknown");
    expect((await lookupInvitation(getDb(), second)).state).toBe("pending");
    const row = await getDb().invitation.findFirstOrThrow({ where: { id: created.id } });
    expect(row.tokenHash).toBe(hashLinkToken(second));

    const ownerInvite = await api.members.invite({ email: uniqueEmail("owner2"), role: "owner" });
    const adminApi = dashboardCaller(admin.userId, null, owner.organizationId);
    expect((await adminApi.members.invitations()).map((i) => i.id).sort()).toEqual([created.id, ownerInvite.id].sort());
    expect((await trpcError(adminApi.members.revokeInvitation({ invitationId: ownerInvite.id }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await trpcError(adminApi.members.resendInvitation({ invitationId: ownerInvite.id }))).code).toBe(
      "FORBIDDEN",
    );

    await api.members.revokeInvitation({ invitationId: created.id });
    expect((await lookupInvitation(getDb(), second)).state).toBe("revoked");
    expect((await api.members.invitations()).map((i) => i.id)).toEqual([ownerInvite.id]);
    const developer = await seedMember(owner.organizationId, "developer");
    const devErr = await trpcError(dashboardCaller(developer.userId, null, owner.organizationId).members.invitations());
    expect(devErr.code).toBe("FORBIDDEN");
  });

  it("shows the invitation's link to copy, and makes a new one on request without an email (audited)", async () => {
    const owner = await seedOrganization("owner");
    const api = dashboardCaller(owner.userId, null, owner.organizationId);
    const email = uniqueEmail("copied");
    const created = await api.members.invite({ email, role: "support" });
    const emailed = await inviteToken(email);
    expect(created.url).toMatch(new RegExp(`/invite/${emailed}$`));

    const outbox = () => getDb().emailOutbox.count({ where: { toAddress: email } });
    const emailsBefore = await outbox();
    const copied = await api.members.copyInvitationLink({ invitationId: created.id });
    const token = /\/invite\/([A-Za-z0-9]+)$/.exec(copied.url)![1]!;
    expect(token).not.toBe(emailed);
    expect(await outbox()).toBe(emailsBefore);
    expect((await lookupInvitation(getDb(), token)).state).toBe("pending");
    expect((await lookupInvitation(getDb(), emailed)).state).toBe("unknown");
    const [entry] = (await api.auditLog.list({ action: "invitation.linkCopied" })).items;
    expect(entry).toMatchObject({ resourceId: created.id, changes: { after: { email, role: "support" } } });
    expect(JSON.stringify(entry)).not.toContain(token);

    const developer = await seedMember(owner.organizationId, "developer");
    const devApi = dashboardCaller(developer.userId, null, owner.organizationId);
    expect((await trpcError(devApi.members.copyInvitationLink({ invitationId: created.id }))).code).toBe("FORBIDDEN");
  });

  it("says where this server's emails go: no SMTP_URL outside production is /dev/mail", async () => {
    const owner = await seedOrganization("owner");
    const setup = await dashboardCaller(owner.userId, null, owner.organizationId).account.emailSetup();
    expect(setup).toEqual({ delivery: "devMail", verificationRequired: false, emailVerified: null });
  });
});
