// Contract §14 through the REST routes, with a real SMTP peer: password reset, enumeration,
// verification, invitations and sessions. Emails go through the outbox and the send-emails code
// to smtp-server and are parsed back with mailparser; the links in them drive the next step.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { resetEnvForTests } from "@/server/env";
import { sendDueEmails } from "@/server/email/send-emails";
import { runDueJobsOnce } from "@/server/jobs/embedded/runner";
import { sendPasswordResetJob } from "@/server/jobs/functions/send-password-reset";
import { sendPasswordReset } from "@/server/accounts/password-reset";
import { createAccountToken } from "@/server/accounts/account-tokens";
import { createDashboardSession, dashboardSessionIsLive } from "@/server/accounts/sessions";
import { createInvitation } from "@/server/invitations/create-invitation";
import { lookupInvitation } from "@/server/invitations/accept-invitation";
import { createApiKey } from "@/server/api-keys/create-api-key";
import { userActor } from "@/server/audit/actor";
import { call, expectError, uniqueEmail } from "@/server/test/http";
import { seedMember } from "@/server/test/seed";
import { linkToken, startSmtpPeer, type SmtpPeer } from "@/server/test/smtp-peer";
import { POST as register } from "./register/route";
import { POST as tokenRoute } from "./token/route";
import { POST as refresh } from "./refresh/route";
import { POST as resetRequest } from "./password-reset/route";
import { POST as resetConfirm } from "./password-reset/confirm/route";
import { POST as changePassword } from "./password/route";
import { GET as me } from "./me/route";
import { POST as resendVerification } from "./verify-email/resend/route";
import { POST as acceptInvitation } from "./invitations/accept/route";
import { GET as listSessions } from "./sessions/route";
import { DELETE as deleteSession } from "./sessions/[id]/route";
import { GET as listInvitations, POST as invite } from "../developer/members/invitations/route";
import { DELETE as revokeInvitation } from "../developer/members/invitations/[id]/route";
import { verifyEmail } from "@/server/accounts/verification";
import type { z } from "zod";
import {
  acceptInvitationResponse,
  acceptedResponse,
  invitationSchema,
  invitationsResponse,
  meResponse,
  sessionsResponse,
} from "@/schemas/accounts";

const password = "correct horse battery";

/** The body is exactly what the OpenAPI schema documents: it parses, and parsing drops nothing. */
function documented(schema: z.ZodType, body: unknown) {
  expect(schema.parse(body)).toEqual(body);
}
const ORIGIN = { ip: "192.0.2.9", userAgent: "accounts test" };
let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  process.env.SMTP_URL = smtp.url;
  process.env.EMAIL_FROM = "SignalGate Test <no-reply@test.signalgate>";
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.EMAIL_FROM;
  resetEnvForTests();
  await smtp.close();
});

/** Send this test's due emails through SMTP and return what the peer has for `to`. */
async function mailbox(to: string, now = new Date()) {
  await sendDueEmails(getDb(), () => now, undefined, { toAddresses: [to] });
  return smtp.to(to);
}

async function registered(email = uniqueEmail()) {
  const res = await call(register, "/api/v1/auth/register", {
    body: { email, password, name: "Ada", organizationName: "Acme" },
  });
  expect(res.status).toBe(201);
  const json = res.json as { user: { id: string }; organization: { id: string } };
  return { email, userId: json.user.id, organizationId: json.organization.id };
}

async function login(email: string, pw = password) {
  const res = await call(tokenRoute, "/api/v1/auth/token", {
    body: { email, password: pw },
    headers: { "user-agent": "curl/8.5" },
  });
  expect(res.status).toBe(200);
  return res.json as { accessToken: string; refreshToken: string };
}

async function auditActions(organizationId: string) {
  const rows = await getDb().auditLogEntry.findMany({ where: { organizationId }, orderBy: { id: "asc" } });
  return rows;
}

describe("password reset", () => {
  it("emails a single-use link; confirming sets the password and revokes every session", async () => {
    const user = await registered();
    const old = await login(user.email);

    const res = await call(resetRequest, "/api/v1/auth/password-reset", { body: { email: user.email } });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({});
    documented(acceptedResponse, res.json);
    await runDueJobsOnce(getDb(), new Date(), { jobs: [sendPasswordResetJob] });
    const [mail] = (await mailbox(user.email)).filter((m) => m.subject === "Reset your SignalGate password");
    expect(mail).toBeDefined();
    expect(mail!.from?.text).toContain("no-reply@test.signalgate");
    expect(mail!.html).toContain('<html lang="en">');
    const token = linkToken(mail!, "/reset-password?token=");
    // Stored hashed: the raw token is nowhere in the database's token table.
    expect(await getDb().accountToken.count({ where: { tokenHash: token } })).toBe(0);

    const newPassword = "a brand new password";
    const ok = await call(resetConfirm, "/api/v1/auth/password-reset/confirm", {
      body: { token, password: newPassword },
    });
    expect(ok.status).toBe(204);

    // The old refresh token and the old access token are dead at once.
    expectError(
      await call(refresh, "/api/v1/auth/refresh", { body: { refreshToken: old.refreshToken } }),
      401,
      "unauthenticated",
    );
    expectError(await call(me, "/api/v1/auth/me", { token: old.accessToken }), 401, "unauthenticated");
    // The old password no longer works; the new one does.
    expectError(
      await call(tokenRoute, "/api/v1/auth/token", { body: { email: user.email, password } }),
      401,
      "invalid_credentials",
    );
    const fresh = await login(user.email, newPassword);
    const meRes = await call(me, "/api/v1/auth/me", { token: fresh.accessToken });
    expect(meRes.status).toBe(200);

    // Single use.
    expectError(
      await call(resetConfirm, "/api/v1/auth/password-reset/confirm", {
        body: { token, password: "another password 2" },
      }),
      400,
      "invalid_token",
    );

    const audit = await auditActions(user.organizationId);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["account.passwordResetRequested", "account.passwordReset"]),
    );
    const serialized = JSON.stringify(audit);
    expect(serialized).not.toContain(token);
    expect(serialized).not.toContain(newPassword);
  });

  it("refuses an expired link and an unknown one with 400 invalid_token", async () => {
    const user = await registered();
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    expect(await sendPasswordReset(getDb(), user.email, twoHoursAgo)).toBe("sent");
    const mail = (await mailbox(user.email)).find((m) => m.subject === "Reset your SignalGate password")!;
    const expired = linkToken(mail, "/reset-password?token=");
    expectError(
      await call(resetConfirm, "/api/v1/auth/password-reset/confirm", {
        body: { token: expired, password: "new password 123" },
      }),
      400,
      "invalid_token",
    );
    expectError(
      await call(resetConfirm, "/api/v1/auth/password-reset/confirm", {
        body: { token: "nope", password: "new password 123" },
      }),
      400,
      "invalid_token",
    );
    // The password is unchanged.
    await login(user.email);
  });

  it("answers an unknown address exactly like a known one, and sends it nothing", async () => {
    const known = await registered();
    const unknown = uniqueEmail("nobody");
    const jobsBefore = await getDb().job.count();
    const a = await call(resetRequest, "/api/v1/auth/password-reset", { body: { email: known.email } });
    const b = await call(resetRequest, "/api/v1/auth/password-reset", { body: { email: unknown } });
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.json).toEqual(a.json);
    expect([...b.headers.keys()].sort()).toEqual([...a.headers.keys()].sort());
    // The request's work is the same for both: one queued job each, nothing else looked up.
    expect(await getDb().job.count()).toBe(jobsBefore + 2);
    await runDueJobsOnce(getDb(), new Date(), { jobs: [sendPasswordResetJob] });
    expect(await mailbox(unknown)).toHaveLength(0);
    expect((await mailbox(known.email)).some((m) => m.subject === "Reset your SignalGate password")).toBe(true);
  });

  it("sends at most 3 reset emails per address per hour", async () => {
    const user = await registered();
    const now = new Date();
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await sendPasswordReset(getDb(), user.email, now));
    expect(outcomes).toEqual(["sent", "sent", "sent", "limited", "limited"]);
    const resets = (await mailbox(user.email)).filter((m) => m.subject === "Reset your SignalGate password");
    expect(resets).toHaveLength(3);
    expect(await sendPasswordReset(getDb(), user.email, new Date(now.getTime() + 3_601_000))).toBe("sent");
  });
});

describe("change password", () => {
  it("keeps the caller's session and revokes every other", async () => {
    const user = await registered();
    const mine = await login(user.email);
    const other = await login(user.email);
    const dashboard = await createDashboardSession(getDb(), user.userId, ORIGIN, 3600);

    const wrong = await call(changePassword, "/api/v1/auth/password", {
      token: mine.accessToken,
      body: { currentPassword: "not it at all", newPassword: "new password 456" },
    });
    expectError(wrong, 401, "invalid_credentials");
    const short = await call(changePassword, "/api/v1/auth/password", {
      token: mine.accessToken,
      body: { currentPassword: password, newPassword: "short" },
    });
    expectError(short, 400, "invalid_request");

    const ok = await call(changePassword, "/api/v1/auth/password", {
      token: mine.accessToken,
      body: { currentPassword: password, newPassword: "new password 456" },
    });
    expect(ok.status).toBe(204);
    expect((await call(me, "/api/v1/auth/me", { token: mine.accessToken })).status).toBe(200);
    expect((await call(refresh, "/api/v1/auth/refresh", { body: { refreshToken: mine.refreshToken } })).status).toBe(
      200,
    );
    expectError(await call(me, "/api/v1/auth/me", { token: other.accessToken }), 401, "unauthenticated");
    expect(await dashboardSessionIsLive(getDb(), dashboard, user.userId, 3600)).toBe(false);
    const notice = (await mailbox(user.email)).find((m) => m.subject === "Your SignalGate password was changed");
    expect(notice).toBeDefined();
    expect((await auditActions(user.organizationId)).map((a) => a.action)).toContain("account.passwordChanged");
  });
});

describe("email verification", () => {
  it("emails a link at sign-up; the link verifies once; /auth/me shows it", async () => {
    const user = await registered();
    const { accessToken } = await login(user.email);
    const before = await call(me, "/api/v1/auth/me", { token: accessToken });
    expect(before.json).toEqual({
      user: { id: user.userId, email: user.email, name: "Ada", emailVerified: null, mfaEnabled: false },
      organization: { id: user.organizationId, name: "Acme" },
      role: "owner",
    });
    documented(meResponse, before.json);
    const mail = (await mailbox(user.email)).find((m) => m.subject === "Verify your email address")!;
    const token = linkToken(mail, "/verify-email?token=");
    await verifyEmail(getDb(), token, ORIGIN);
    const after = await call(me, "/api/v1/auth/me", { token: accessToken });
    expect(after.json.user.emailVerified).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    await expect(verifyEmail(getDb(), token, ORIGIN)).rejects.toMatchObject({ code: "invalid_token" });

    // Resend: nothing more once verified.
    const count = (await mailbox(user.email)).length;
    const resend = await call(resendVerification, "/api/v1/auth/verify-email/resend", {
      token: accessToken,
      method: "POST",
    });
    expect(resend.status).toBe(202);
    expect(resend.json).toEqual({});
    expect(await mailbox(user.email)).toHaveLength(count);
    expect((await auditActions(user.organizationId)).map((a) => a.action)).toEqual(
      expect.arrayContaining(["account.verificationSent", "account.emailVerified"]),
    );
  });

  it("resend sends a new link to an unverified address; an expired link does nothing", async () => {
    const user = await registered();
    const { accessToken } = await login(user.email);
    const resend = await call(resendVerification, "/api/v1/auth/verify-email/resend", {
      token: accessToken,
      method: "POST",
    });
    expect(resend.status).toBe(202);
    const links = (await mailbox(user.email)).filter((m) => m.subject === "Verify your email address");
    expect(links).toHaveLength(2);
    const old = await createAccountToken(
      getDb(),
      "verify_email",
      { id: user.userId, email: user.email },
      new Date(Date.now() - 25 * 3_600_000),
    );
    await expect(verifyEmail(getDb(), old, ORIGIN)).rejects.toMatchObject({ code: "invalid_token" });
  });

  it("with REQUIRE_EMAIL_VERIFICATION, an unverified user cannot create live keys (403 email_unverified)", async () => {
    process.env.REQUIRE_EMAIL_VERIFICATION = "true";
    resetEnvForTests();
    try {
      const user = await registered();
      const actor = userActor(user.userId, ORIGIN);
      await expect(
        createApiKey(getDb(), user.organizationId, { name: "live", environment: "live" }, actor),
      ).rejects.toMatchObject({ code: "email_unverified", status: 403 });
      await expect(
        createApiKey(getDb(), user.organizationId, { name: "test", environment: "test" }, actor),
      ).resolves.toMatchObject({ environment: "test" });
      const mail = (await mailbox(user.email)).find((m) => m.subject === "Verify your email address")!;
      await verifyEmail(getDb(), linkToken(mail, "/verify-email?token="), ORIGIN);
      await expect(
        createApiKey(getDb(), user.organizationId, { name: "live", environment: "live" }, actor),
      ).resolves.toMatchObject({ environment: "live" });
    } finally {
      delete process.env.REQUIRE_EMAIL_VERIFICATION;
      resetEnvForTests();
    }
  });
});

describe("invitations", () => {
  it("a new person accepts with a password and joins with the role, once", async () => {
    const owner = await registered();
    const { accessToken } = await login(owner.email);
    const email = uniqueEmail("newbie");
    const created = await call(invite, "/api/v1/developer/members/invitations", {
      token: accessToken,
      body: { email, role: "developer" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^inv_/),
      email,
      role: "developer",
      expiresAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(Date.parse(created.json.expiresAt) - Date.parse(created.json.createdAt)).toBe(7 * 86_400_000);
    const listed = await call(listInvitations, "/api/v1/developer/members/invitations", { token: accessToken });
    expect(listed.json).toEqual([created.json]);
    documented(invitationSchema, created.json);
    documented(invitationsResponse, listed.json);

    const mail = (await mailbox(email)).find((m) => m.subject === "Join Acme on SignalGate")!;
    expect(mail.text).toContain("as Developer");
    const token = linkToken(mail, "/invite/");
    const accepted = await call(acceptInvitation, "/api/v1/auth/invitations/accept", {
      body: { token, password: "newbie password", name: "Newbie" },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toEqual({ organization: { id: owner.organizationId, name: "Acme" }, role: "developer" });
    documented(acceptInvitationResponse, accepted.json);
    const joined = await login(email, "newbie password");
    const meRes = await call(me, "/api/v1/auth/me", { token: joined.accessToken });
    expect(meRes.json.role).toBe("developer");
    // The link reached the address: it is verified.
    expect(meRes.json.user.emailVerified).not.toBeNull();
    // Accepted invitations leave the list; the link is used up.
    expect((await call(listInvitations, "/api/v1/developer/members/invitations", { token: accessToken })).json).toEqual(
      [],
    );
    expectError(
      await call(acceptInvitation, "/api/v1/auth/invitations/accept", { body: { token, password: "newbie password" } }),
      400,
      "invalid_token",
    );
    expect((await lookupInvitation(getDb(), token)).state).toBe("accepted");
    // Inviting them again: already a member.
    expectError(
      await call(invite, "/api/v1/developer/members/invitations", {
        token: accessToken,
        body: { email, role: "admin" },
      }),
      409,
      "already_member",
    );
    const audit = await auditActions(owner.organizationId);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["invitation.created", "invitation.accepted"]));
    expect(JSON.stringify(audit)).not.toContain(token);
    expect(JSON.stringify(audit)).not.toContain("newbie password");
  });

  it("an existing account accepts with its own access token, and only with it", async () => {
    const owner = await registered();
    const ownerToken = (await login(owner.email)).accessToken;
    const other = await registered();
    const created = await call(invite, "/api/v1/developer/members/invitations", {
      token: ownerToken,
      body: { email: other.email, role: "support" },
    });
    expect(created.status).toBe(201);
    const token = linkToken(
      (await mailbox(other.email)).find((m) => m.subject === "Join Acme on SignalGate")!,
      "/invite/",
    );
    expect(await lookupInvitation(getDb(), token)).toMatchObject({ state: "pending", accountExists: true });

    expectError(
      await call(acceptInvitation, "/api/v1/auth/invitations/accept", { body: { token } }),
      401,
      "unauthenticated",
    );
    // Someone else's token: refused, the invitation stays usable.
    const stranger = await registered();
    expectError(
      await call(acceptInvitation, "/api/v1/auth/invitations/accept", {
        body: { token },
        token: (await login(stranger.email)).accessToken,
      }),
      403,
      "forbidden",
    );
    const ok = await call(acceptInvitation, "/api/v1/auth/invitations/accept", {
      body: { token },
      token: (await login(other.email)).accessToken,
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ organization: { id: owner.organizationId, name: "Acme" }, role: "support" });
    const membership = await getDb().membership.findUnique({
      where: { userId_organizationId: { userId: other.userId, organizationId: owner.organizationId } },
    });
    expect(membership?.role).toBe("support");
  });

  it("expired and revoked links are refused (400 invalid_token) and named as such", async () => {
    const owner = await registered();
    const ownerToken = (await login(owner.email)).accessToken;
    const actor = userActor(owner.userId, ORIGIN);
    const lateEmail = uniqueEmail("late");
    await createInvitation(
      getDb(),
      owner.organizationId,
      { email: lateEmail, role: "developer" },
      "owner",
      actor,
      new Date(Date.now() - 8 * 86_400_000),
    );
    const late = linkToken((await mailbox(lateEmail)).at(-1)!, "/invite/");
    expect((await lookupInvitation(getDb(), late)).state).toBe("expired");
    expectError(
      await call(acceptInvitation, "/api/v1/auth/invitations/accept", {
        body: { token: late, password: "late password 1" },
      }),
      400,
      "invalid_token",
    );

    const goneEmail = uniqueEmail("gone");
    const created = await call(invite, "/api/v1/developer/members/invitations", {
      token: ownerToken,
      body: { email: goneEmail, role: "admin" },
    });
    const gone = linkToken((await mailbox(goneEmail)).at(-1)!, "/invite/");
    const del = await call(revokeInvitation, `/api/v1/developer/members/invitations/${created.json.id}`, {
      token: ownerToken,
      method: "DELETE",
      params: { id: created.json.id },
    });
    expect(del.status).toBe(204);
    expect((await lookupInvitation(getDb(), gone)).state).toBe("revoked");
    expectError(
      await call(acceptInvitation, "/api/v1/auth/invitations/accept", {
        body: { token: gone, password: "gone password 1" },
      }),
      400,
      "invalid_token",
    );
    expect(await getDb().user.count({ where: { email: goneEmail } })).toBe(0);
    expectError(
      await call(revokeInvitation, `/api/v1/developer/members/invitations/${created.json.id}`, {
        token: ownerToken,
        method: "DELETE",
        params: { id: created.json.id },
      }),
      404,
      "not_found",
    );
    expect((await auditActions(owner.organizationId)).map((a) => a.action)).toContain("invitation.revoked");
  });

  it("follows §3: an admin cannot invite an owner; developer and support get 403", async () => {
    const owner = await registered();
    const admin = await seedMember(owner.organizationId, "admin");
    const developer = await seedMember(owner.organizationId, "developer");
    const support = await seedMember(owner.organizationId, "support");
    const body = (role: string) => ({ email: uniqueEmail(), role });
    expectError(
      await call(invite, "/api/v1/developer/members/invitations", { token: admin.accessToken, body: body("owner") }),
      403,
      "forbidden",
    );
    expect(
      (await call(invite, "/api/v1/developer/members/invitations", { token: admin.accessToken, body: body("admin") }))
        .status,
    ).toBe(201);
    for (const m of [developer, support]) {
      expectError(
        await call(invite, "/api/v1/developer/members/invitations", { token: m.accessToken, body: body("support") }),
        403,
        "forbidden",
      );
      expectError(
        await call(listInvitations, "/api/v1/developer/members/invitations", { token: m.accessToken }),
        403,
        "forbidden",
      );
    }
  });
});

describe("sessions", () => {
  it("lists REST and dashboard sessions, and revoking one ends it at once", async () => {
    const user = await registered();
    const mine = await login(user.email);
    const other = await login(user.email);
    const dashboard = await createDashboardSession(
      getDb(),
      user.userId,
      { ip: "198.51.100.4", userAgent: "Mozilla/5.0 Chrome/140" },
      3600,
    );

    const list = await call(listSessions, "/api/v1/auth/sessions", { token: mine.accessToken });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(3);
    documented(sessionsResponse, list.json);
    const current = list.json.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ kind: "api", id: expect.stringMatching(/^rtf_/), userAgent: "curl/8.5" });
    const dash = list.json.find((s: { kind: string }) => s.kind === "dashboard");
    expect(dash).toEqual({
      id: dashboard,
      kind: "dashboard",
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      ip: "198.51.100.4",
      userAgent: "Mozilla/5.0 Chrome/140",
      current: false,
    });
    const otherId = list.json.find((s: { kind: string; current: boolean }) => s.kind === "api" && !s.current).id;

    const del = await call(deleteSession, `/api/v1/auth/sessions/${otherId}`, {
      token: mine.accessToken,
      method: "DELETE",
      params: { id: otherId },
    });
    expect(del.status).toBe(204);
    expectError(await call(me, "/api/v1/auth/me", { token: other.accessToken }), 401, "unauthenticated");
    expectError(
      await call(refresh, "/api/v1/auth/refresh", { body: { refreshToken: other.refreshToken } }),
      401,
      "unauthenticated",
    );

    const delDash = await call(deleteSession, `/api/v1/auth/sessions/${dashboard}`, {
      token: mine.accessToken,
      method: "DELETE",
      params: { id: dashboard },
    });
    expect(delDash.status).toBe(204);
    expect(await dashboardSessionIsLive(getDb(), dashboard, user.userId, 3600)).toBe(false);

    const after = await call(listSessions, "/api/v1/auth/sessions", { token: mine.accessToken });
    expect(after.json.map((s: { id: string }) => s.id)).toEqual([current[0].id]);
    expect((await auditActions(user.organizationId)).filter((a) => a.action === "session.revoked")).toHaveLength(2);
  });

  it("another user's session is not found", async () => {
    const a = await registered();
    const b = await registered();
    const bLogin = await login(b.email);
    const bId = (await call(listSessions, "/api/v1/auth/sessions", { token: bLogin.accessToken })).json[0].id;
    const res = await call(deleteSession, `/api/v1/auth/sessions/${bId}`, {
      token: (await login(a.email)).accessToken,
      method: "DELETE",
      params: { id: bId },
    });
    expectError(res, 404, "not_found");
    expect((await call(me, "/api/v1/auth/me", { token: bLogin.accessToken })).status).toBe(200);
  });
});
