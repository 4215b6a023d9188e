// Contract §14 through the REST routes, with a real SMTP peer: the verification email, its link, resend,
// and REQUIRE_EMAIL_VERIFICATION.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { resetEnvForTests } from "@/server/env";
import { createAccountToken } from "@/server/accounts/account-tokens";
import { createApiKey } from "@/server/api-keys/create-api-key";
import { userActor } from "@/server/audit/actor";
import { call } from "@/server/test/http";
import { linkToken } from "@/server/test/smtp-peer";
import { GET as me } from "./me/route";
import { POST as resendVerification } from "./verify-email/resend/route";
import { verifyEmail } from "@/server/accounts/verification";
import { meResponse } from "@/schemas/accounts";
import { documented, ORIGIN, mailbox, registered, login, auditActions, withSmtpPeer } from "@/server/test/accounts";

withSmtpPeer();

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
