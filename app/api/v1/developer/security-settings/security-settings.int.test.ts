// GET/PATCH /api/v1/developer/security-settings (contract §12): the organization's requireMfa over
// the management API, the same domain function as the dashboard's switch. Roles, other tenants and
// bad credentials are also covered for every route by security-management.int.test.ts.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { SYSTEM_ACTOR } from "@/server/audit/actor";
import { call, expectError, uniqueEmail } from "@/server/test/http";
import { documented } from "@/server/test/accounts";
import { seedMember, seedOrganization, type SeededMember } from "@/server/test/seed";
import { confirmTotpEnrollment, startTotpEnrollment } from "@/server/two-factor/enrollment";
import { totpCodeAt } from "@/server/two-factor/totp";
import { startSession } from "@/server/auth/refresh-tokens";
import { securitySettingsSchema } from "@/schemas/two-factor";
import { POST as register } from "../../auth/register/route";
import { POST as token } from "../../auth/token/route";
import { POST as refresh } from "../../auth/refresh/route";
import { GET, PATCH } from "./route";

const path = "/api/v1/developer/security-settings";
const password = "correct horse battery";

const read = (who: SeededMember) => call(GET, path, { token: who.accessToken });
const update = (who: SeededMember, body: unknown) =>
  call(PATCH, path, { method: "PATCH", token: who.accessToken, body, headers: { "user-agent": "sdk-test/1.0" } });

async function withTwoFactor(who: SeededMember) {
  const { secret } = await startTotpEnrollment(getDb(), who.userId);
  await confirmTotpEnrollment(getDb(), who.userId, totpCodeAt(secret, new Date()), SYSTEM_ACTOR);
}

function requirementChanges(organizationId: string) {
  return getDb().auditLogEntry.findMany({
    where: { organizationId, action: "twoFactor.requirementChanged" },
    orderBy: { id: "asc" },
  });
}

describe("/api/v1/developer/security-settings", () => {
  it("reads false by default, for every role", async () => {
    const owner = await seedOrganization("owner");
    for (const role of ["owner", "admin", "developer", "support"] as const) {
      const who = role === "owner" ? owner : await seedMember(owner.organizationId, role);
      const res = await read(who);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ requireMfa: false });
      documented(securitySettingsSchema, res.json);
    }
  });

  it("lets an owner with two-factor require it: members without it are refused at sign-in; audited once", async () => {
    const owner = await seedOrganization("owner");
    // Without two-factor on the owner's own account, turning it on would lock the owner out.
    const refused = await update(owner, { requireMfa: true });
    expectError(refused, 400, "invalid_request");
    expect(refused.json.error.message).toMatch(/two-factor/i);
    expect((await read(owner)).json).toEqual({ requireMfa: false });

    await withTwoFactor(owner);
    const on = await update(owner, { requireMfa: true });
    expect(on.status).toBe(200);
    expect(on.json).toEqual({ requireMfa: true });
    documented(securitySettingsSchema, on.json);
    // A member without two-factor, token in hand, is held back from every management route (issue 38).
    const developer = await seedMember(owner.organizationId, "developer");
    expectError(await read(developer), 401, "mfa_enrollment_required");

    // A member without two-factor can no longer get tokens for this organization.
    const email = uniqueEmail("member");
    const registered = await call(register, "/api/v1/auth/register", {
      body: { email, password, organizationName: "Own org" },
    });
    expect(registered.status).toBe(201);
    const userId = registered.json.user.id as string;
    await getDb().membership.create({
      data: { id: `mem_${userId}`, userId, organizationId: owner.organizationId, role: "developer" },
    });
    const signIn = () =>
      call(token, "/api/v1/auth/token", { body: { email, password, organizationId: owner.organizationId } });
    expectError(await signIn(), 401, "mfa_enrollment_required");

    // The same value again changes nothing and records nothing.
    expect((await update(owner, { requireMfa: true })).json).toEqual({ requireMfa: true });
    const [entry, ...more] = await requirementChanges(owner.organizationId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorType: "user",
      actorUserId: owner.userId,
      userAgent: "sdk-test/1.0",
      resourceType: "organizationSecurity",
      resourceId: owner.organizationId,
      changes: { before: { requireMfa: false }, after: { requireMfa: true } },
    });

    const off = await update(owner, { requireMfa: false });
    expect(off.json).toEqual({ requireMfa: false });
    expect((await signIn()).status).toBe(200);
    expect(await requirementChanges(owner.organizationId)).toHaveLength(2);
  });

  it("ends a REST session opened before the rule at its next refresh, for members without two-factor only", async () => {
    const owner = await seedOrganization("owner");
    await withTwoFactor(owner);
    const enrolled = await seedMember(owner.organizationId, "developer");
    await withTwoFactor(enrolled);
    const member = await seedMember(owner.organizationId, "developer");
    const origin = { ip: "203.0.113.9", userAgent: "sdk-test/1.0" };
    const sessionOf = (who: SeededMember) =>
      startSession(getDb(), { id: who.userId }, { organizationId: who.organizationId, role: who.role }, origin);
    const rotate = (refreshToken: string) => call(refresh, "/api/v1/auth/refresh", { body: { refreshToken } });

    const before = await rotate((await sessionOf(member)).refreshToken);
    expect(before.status).toBe(200);
    const memberSession = before.json.refreshToken as string;
    const enrolledSession = (await sessionOf(enrolled)).refreshToken;

    expect((await update(owner, { requireMfa: true })).status).toBe(200);
    expectError(await rotate(memberSession), 401, "mfa_enrollment_required");
    const family = await getDb().refreshTokenFamily.findFirst({ where: { userId: member.userId } });
    expect(family).toMatchObject({ revokedReason: "mfa_enrollment_required" });
    expect(family?.revokedAt).not.toBeNull();
    // The session is over: the token does not come back to life.
    expectError(await rotate(memberSession), 401, "unauthenticated");
    expect((await rotate(enrolledSession)).status).toBe(200);
  });

  it("refuses admins, developers and support with 403 forbidden, and changes nothing", async () => {
    const owner = await seedOrganization("owner");
    for (const role of ["admin", "developer", "support"] as const) {
      const member = await seedMember(owner.organizationId, role);
      await withTwoFactor(member);
      expectError(await update(member, { requireMfa: true }), 403, "forbidden");
    }
    expect((await read(owner)).json).toEqual({ requireMfa: false });
    expect(await requirementChanges(owner.organizationId)).toHaveLength(0);
  });

  it("changes only the caller's organization", async () => {
    const owner = await seedOrganization("owner");
    const other = await seedOrganization("owner");
    await withTwoFactor(owner);
    expect((await update(owner, { requireMfa: true })).status).toBe(200);
    expect((await read(other)).json).toEqual({ requireMfa: false });
    expect(await requirementChanges(other.organizationId)).toHaveLength(0);
  });

  it.each([
    ["an empty body", {}],
    ["a string", { requireMfa: "yes" }],
    ["an unknown field", { requireMfa: false, requireSso: true }],
  ])("answers 400 invalid_request to %s", async (_name, body) => {
    const owner = await seedOrganization("owner");
    const res = await update(owner, body);
    expectError(res, 400, "invalid_request");
    expect(res.json.error.details?.length).toBeGreaterThan(0);
  });
});
