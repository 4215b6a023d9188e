// Contract §14 through the REST routes, with a real SMTP peer: password reset (single-use link, no
// enumeration, 3 per hour) and change password. Emails are parsed back; their links drive the next step.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { runDueJobsOnce } from "@/server/jobs/embedded/runner";
import { sendPasswordResetJob } from "@/server/jobs/functions/send-password-reset";
import { sendPasswordReset } from "@/server/accounts/password-reset";
import { createDashboardSession, dashboardSessionIsLive } from "@/server/accounts/sessions";
import { call, expectError, uniqueEmail } from "@/server/test/http";
import { linkToken } from "@/server/test/smtp-peer";
import { POST as tokenRoute } from "./token/route";
import { POST as refresh } from "./refresh/route";
import { POST as resetRequest } from "./password-reset/route";
import { POST as resetConfirm } from "./password-reset/confirm/route";
import { POST as changePassword } from "./password/route";
import { GET as me } from "./me/route";
import { acceptedResponse } from "@/schemas/accounts";
import { LOGIN_THROTTLE } from "@/server/auth/login-throttle";
import {
  password,
  documented,
  ORIGIN,
  mailbox,
  registered,
  login,
  auditActions,
  withSmtpPeer,
} from "@/server/test/accounts";

withSmtpPeer();

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

  it("counts wrong current passwords in the sign-in limits: a stolen token cannot guess its way to a takeover", async () => {
    const user = await registered();
    const mine = await login(user.email);
    const other = await login(user.email);
    const attempt = (currentPassword: string) =>
      call(changePassword, "/api/v1/auth/password", {
        token: mine.accessToken,
        body: { currentPassword, newPassword: "taken over 123" },
      });
    for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++) {
      expectError(await attempt(`guess number ${i}`), 401, "invalid_credentials");
    }
    // The right one now waits like any sign-in after ten failures, and nothing is revoked.
    const refused = await attempt(password);
    expectError(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(me, "/api/v1/auth/me", { token: other.accessToken })).status).toBe(200);
    // The same per-account count the sign-in keeps.
    expectError(
      await call(tokenRoute, "/api/v1/auth/token", { body: { email: user.email, password } }),
      429,
      "rate_limited",
    );
  });
});
