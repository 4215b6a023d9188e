// Two-factor sign-in through the REST routes (contract §12): enrol, sign in with a code, replay
// refused, recovery codes single use, failed codes counted, requireMfa, audit.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError, uniqueEmail } from "@/server/test/http";
import { getDb } from "@/server/db/client";
import { seedMember } from "@/server/test/seed";
import { totpCodeAt } from "@/server/two-factor/totp";
import { setRequireMfa } from "@/server/two-factor/require-mfa";
import { SYSTEM_ACTOR } from "@/server/audit/actor";
import { LOGIN_THROTTLE } from "@/server/auth/login-throttle";
import { POST as register } from "../register/route";
import { POST as token } from "../token/route";
import * as totp from "./totp/route";
import { POST as confirm } from "./totp/confirm/route";
import { POST as regenerate } from "./recovery-codes/route";

const EDGE_TOKEN = `edge-${randomBytes(12).toString("hex")}`;
beforeAll(() => {
  globalThis.__signalgateEdgeToken = EDGE_TOKEN;
});
afterAll(() => {
  globalThis.__signalgateEdgeToken = undefined;
});
const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

const password = "correct horse battery";

async function account() {
  const email = uniqueEmail("mfa");
  const res = await call(register, "/api/v1/auth/register", { body: { email, password, organizationName: "Acme" } });
  expect(res.status).toBe(201);
  const signedIn = await login(email);
  expect(signedIn.status).toBe(200);
  return {
    email,
    userId: res.json.user.id as string,
    organizationId: res.json.organization.id as string,
    accessToken: signedIn.json.accessToken as string,
  };
}

function login(email: string, extra: Record<string, string> = {}, from = ip()) {
  return call(token, "/api/v1/auth/token", {
    body: { email, password, ...extra },
    headers: { "x-sg-edge": EDGE_TOKEN, "x-sg-client-ip": from },
  });
}

/** Enrols through the API, as a script would; answers the secret and the recovery codes. */
async function enrol(a: Awaited<ReturnType<typeof account>>) {
  const started = await call(totp.POST, "/api/v1/auth/mfa/totp", { method: "POST", token: a.accessToken });
  expect(started.status).toBe(200);
  const secret = started.json.secret as string;
  // The code of the previous step (still inside ±1), so the next login can use the current one.
  const code = totpCodeAt(secret, new Date(Date.now() - 30_000));
  const confirmed = await call(confirm, "/api/v1/auth/mfa/totp/confirm", { token: a.accessToken, body: { code } });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.json.recoveryCodes as string[] };
}

describe("two-factor sign-in over the API", () => {
  it("enrols with a QR secret and a confirming code; then /auth/token needs a code, accepted once", async () => {
    const a = await account();
    const started = await call(totp.POST, "/api/v1/auth/mfa/totp", { method: "POST", token: a.accessToken });
    expect(Object.keys(started.json).sort()).toEqual(["otpauthUrl", "secret"]);
    expect(started.json.otpauthUrl).toMatch(/^otpauth:\/\/totp\/SignalGate:.*secret=[A-Z2-7]+.*/);
    // Not active yet: sign-in still takes the password alone.
    expect((await login(a.email)).status).toBe(200);
    expectError(
      await call(confirm, "/api/v1/auth/mfa/totp/confirm", { token: a.accessToken, body: { code: "000000" } }),
      400,
      "invalid_request",
    );

    const { secret, recoveryCodes } = await enrol(a);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await getDb().userRecoveryCode.findMany({ where: { userId: a.userId } });
    expect(stored).toHaveLength(10);
    for (const c of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(c);
    const totpRow = await getDb().userTotp.findUniqueOrThrow({ where: { userId: a.userId } });
    expect(totpRow.secretSealed).not.toContain(secret);

    expectError(await login(a.email), 401, "mfa_required");
    expectError(
      await login(a.email, { totpCode: "123456" === totpCodeAt(secret, new Date()) ? "654321" : "123456" }),
      401,
      "invalid_credentials",
    );
    const code = totpCodeAt(secret, new Date());
    const ok = await login(a.email, { totpCode: code });
    expect(ok.status).toBe(200);
    expect(ok.json.accessToken).toEqual(expect.any(String));
    // The same code again, inside its 30 s window: refused.
    expectError(await login(a.email, { totpCode: code }), 401, "invalid_credentials");
    // An older step than the last accepted one is refused too.
    expectError(
      await login(a.email, { totpCode: totpCodeAt(secret, new Date(Date.now() - 30_000)) }),
      401,
      "invalid_credentials",
    );

    const audit = await getDb().auditLogEntry.findMany({
      where: { organizationId: a.organizationId, action: "twoFactor.enabled" },
    });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.changes)).not.toContain(secret);
  });

  it("recovery codes sign in once each, are audited, and can be regenerated with a current code", async () => {
    const a = await account();
    const { secret, recoveryCodes } = await enrol(a);
    const first = recoveryCodes[0]!;
    expect((await login(a.email, { recoveryCode: first.toUpperCase() })).status).toBe(200);
    expectError(await login(a.email, { recoveryCode: first }), 401, "invalid_credentials");
    const used = await getDb().auditLogEntry.findMany({
      where: { organizationId: a.organizationId, action: "twoFactor.recoveryCodeUsed" },
    });
    expect(used).toHaveLength(1);

    const renewed = await call(regenerate, "/api/v1/auth/mfa/recovery-codes", {
      token: a.accessToken,
      body: { code: totpCodeAt(secret, new Date()) },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.json.recoveryCodes).toHaveLength(10);
    // The old codes are gone, the new ones work.
    expectError(await login(a.email, { recoveryCode: recoveryCodes[1]! }), 401, "invalid_credentials");
    expect((await login(a.email, { recoveryCode: renewed.json.recoveryCodes[0] })).status).toBe(200);

    // Disabling asks for a current code (a recovery code works too); then the password alone is enough.
    expectError(
      await call(totp.DELETE, "/api/v1/auth/mfa/totp", {
        method: "DELETE",
        token: a.accessToken,
        body: { code: "abcde-fghij" },
      }),
      400,
      "invalid_request",
    );
    const off = await call(totp.DELETE, "/api/v1/auth/mfa/totp", {
      method: "DELETE",
      token: a.accessToken,
      body: { code: renewed.json.recoveryCodes[1] },
    });
    expect(off.status).toBe(204);
    expect((await login(a.email)).status).toBe(200);
    const actions = (
      await getDb().auditLogEntry.findMany({ where: { organizationId: a.organizationId, resourceType: "twoFactor" } })
    ).map((e) => e.action);
    expect(actions.sort()).toEqual(
      [
        "twoFactor.disabled",
        "twoFactor.enabled",
        "twoFactor.recoveryCodeUsed",
        "twoFactor.recoveryCodeUsed",
        "twoFactor.recoveryCodesRegenerated",
      ].sort(),
    );
  });

  it("counts wrong codes in the brute-force limits: after 10 the right code is refused with 429", async () => {
    const a = await account();
    const { secret } = await enrol(a);
    for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++) {
      expectError(
        await login(a.email, { totpCode: "000000" === totpCodeAt(secret, new Date()) ? "111111" : "000000" }),
        401,
        "invalid_credentials",
      );
    }
    expectError(await login(a.email, { totpCode: totpCodeAt(secret, new Date()) }), 429, "rate_limited");
  });

  it("requireMfa: members without two-factor get mfa_enrollment_required; owners only, once enrolled themselves", async () => {
    const a = await account();
    const member = await seedMember(a.organizationId, "admin");
    await expect(
      setRequireMfa(getDb(), a.organizationId, { userId: member.userId, role: "admin" }, true, SYSTEM_ACTOR),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      setRequireMfa(getDb(), a.organizationId, { userId: a.userId, role: "owner" }, true, SYSTEM_ACTOR),
    ).rejects.toMatchObject({ code: "invalid_request" });
    const b = await account();
    await getDb().membership.create({
      data: { id: `mem_${b.userId}`, userId: b.userId, organizationId: a.organizationId, role: "developer" },
    });
    const { secret } = await enrol(a);
    await setRequireMfa(getDb(), a.organizationId, { userId: a.userId, role: "owner" }, true, SYSTEM_ACTOR);
    expectError(await login(b.email, { organizationId: a.organizationId }), 401, "mfa_enrollment_required");
    // b's own organization does not require it.
    expect((await login(b.email)).status).toBe(200);
    expect((await login(a.email, { totpCode: totpCodeAt(secret, new Date()) })).status).toBe(200);
    const changed = await getDb().auditLogEntry.findMany({
      where: { organizationId: a.organizationId, action: "twoFactor.requirementChanged" },
    });
    expect(changed).toHaveLength(1);
  });

  it("refuses to turn two-factor off while an organization of the user requires it, without using the code", async () => {
    const a = await account();
    const { recoveryCodes } = await enrol(a);
    await setRequireMfa(getDb(), a.organizationId, { userId: a.userId, role: "owner" }, true, SYSTEM_ACTOR);
    const disable = () =>
      call(totp.DELETE, "/api/v1/auth/mfa/totp", {
        method: "DELETE",
        token: a.accessToken,
        body: { code: recoveryCodes[0]! },
      });
    const refused = await disable();
    expectError(refused, 403, "forbidden");
    expect(refused.json.error.message).toMatch(/Acme requires two-factor sign-in/);
    expect(await getDb().userTotp.count({ where: { userId: a.userId } })).toBe(1);
    expect(await getDb().userRecoveryCode.count({ where: { userId: a.userId, usedAt: null } })).toBe(10);
    // Lifted, the same recovery code turns it off.
    await setRequireMfa(getDb(), a.organizationId, { userId: a.userId, role: "owner" }, false, SYSTEM_ACTOR);
    expect((await disable()).status).toBe(204);
  });
});
