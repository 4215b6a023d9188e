// The audit log through REST: each change writes exactly one entry naming the actor, IP and user
// agent, with a diff that never holds a secret; failed changes write nothing. Reading the log:
// audit-log-list.int.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError, uniqueEmail } from "@/server/test/http";
import { seedApiKey, seedMember, seedOrganization, type SeededMember } from "@/server/test/seed";
import { getDb } from "@/server/db/client";
import { fromClient, IP, rows, UA } from "./audit-client";
import * as keys from "../api-keys/route";
import * as keyById from "../api-keys/[id]/route";
import * as enable from "../api-keys/[id]/enable/route";
import * as disable from "../api-keys/[id]/disable/route";
import * as regenerate from "../api-keys/[id]/regenerate/route";
import * as webhooks from "../webhooks/route";
import * as webhookById from "../webhooks/[id]/route";
import * as rateLimits from "../rate-limits/route";
import { POST as register } from "../../auth/register/route";
import { POST as token } from "../../auth/token/route";
import { POST as refresh } from "../../auth/refresh/route";

/**
 * Runs `change` and returns the one entry it wrote, after checking it names `userId` from our
 * client and that none of `secrets` appears anywhere in the row.
 */
async function oneEntry<R extends { status: number }>(
  organizationId: string,
  userId: string,
  change: () => Promise<R>,
  secrets: (() => string[]) | string[] = [],
) {
  const before = await rows(organizationId);
  const res = await change();
  expect(res.status).toBeLessThan(300);
  const after = await rows(organizationId);
  expect(after).toHaveLength(before.length + 1);
  const entry = after.at(-1)!;
  expect(entry).toMatchObject({ actorType: "user", actorUserId: userId, actorApiKeyId: null, ip: IP, userAgent: UA });
  expect(entry.id).toMatch(/^aud_/);
  const json = JSON.stringify(entry);
  for (const secret of typeof secrets === "function" ? secrets() : secrets) {
    expect(secret.length).toBeGreaterThan(8);
    expect(json).not.toContain(secret);
  }
  return { entry, res };
}

describe("API key changes through REST", () => {
  let owner: SeededMember;
  beforeAll(async () => {
    owner = await seedOrganization("owner");
  });

  it("writes one entry per create, update, disable, enable, regenerate and delete, without the secret", async () => {
    const org = owner.organizationId;
    const send = (handler: Parameters<typeof call>[0], p: string, o: Parameters<typeof call>[2] = {}) =>
      call(handler, p, { token: owner.accessToken, headers: fromClient, ...o });

    let rawKey = "";
    const created = await oneEntry(
      org,
      owner.userId,
      async () => {
        const res = await send(keys.POST, "/api/v1/developer/api-keys", {
          body: { name: "backend", permissions: ["sms.send"], ipRestrictions: ["203.0.113.0/24"] },
        });
        rawKey = res.json.rawKey;
        return res;
      },
      () => [rawKey],
    );
    const id: string = created.res.json.id;
    const stored = await getDb().apiKey.findFirstOrThrow({ where: { id } });
    expect(JSON.stringify(created.entry)).not.toContain(stored.keyHash);
    expect(created.entry).toMatchObject({ action: "apiKey.created", resourceType: "apiKey", resourceId: id });
    expect(created.entry.changes).toEqual({
      before: null,
      after: {
        name: "backend",
        description: null,
        environment: "test",
        keyPrefix: stored.keyPrefix,
        permissions: ["sms.send"],
        ipRestrictions: ["203.0.113.0/24"],
        isActive: true,
        expiresAt: null,
      },
    });

    const keyPath = `/api/v1/developer/api-keys/${id}`;
    const updated = await oneEntry(org, owner.userId, () =>
      send(keyById.PATCH, keyPath, { method: "PATCH", params: { id }, body: { name: "backend-2" } }),
    );
    expect(updated.entry).toMatchObject({ action: "apiKey.updated", resourceId: id });
    expect(updated.entry.changes).toEqual({ before: { name: "backend" }, after: { name: "backend-2" } });

    const disabled = await oneEntry(org, owner.userId, () =>
      send(disable.POST, `${keyPath}/disable`, { method: "POST", params: { id } }),
    );
    expect(disabled.entry).toMatchObject({ action: "apiKey.disabled", changes: { before: { isActive: true } } });

    const enabled = await oneEntry(org, owner.userId, () =>
      send(enable.POST, `${keyPath}/enable`, { method: "POST", params: { id } }),
    );
    expect(enabled.entry).toMatchObject({ action: "apiKey.enabled", changes: { after: { isActive: true } } });

    let newRawKey = "";
    const regenerated = await oneEntry(
      org,
      owner.userId,
      async () => {
        const res = await send(regenerate.POST, `${keyPath}/regenerate`, { params: { id }, body: { id } });
        newRawKey = res.json.rawKey;
        return res;
      },
      () => [rawKey, newRawKey],
    );
    expect(regenerated.entry).toMatchObject({ action: "apiKey.regenerated", changes: { secretChanged: true } });
    const afterRegenerate = await getDb().apiKey.findFirstOrThrow({ where: { id } });
    expect(JSON.stringify(regenerated.entry)).not.toContain(afterRegenerate.keyHash);

    const deleted = await oneEntry(
      org,
      owner.userId,
      () => send(keyById.DELETE, keyPath, { method: "DELETE", params: { id } }),
      () => [rawKey, newRawKey],
    );
    expect(deleted.entry).toMatchObject({ action: "apiKey.deleted", changes: { after: null } });
    expect((deleted.entry.changes as { before: { name: string } }).before.name).toBe("backend-2");
  });

  it("writes nothing for a refused or failed change", async () => {
    const other = await seedOrganization("owner");
    const foreign = await seedApiKey(other.organizationId);
    const mine = await rows(owner.organizationId);
    const theirs = await rows(other.organizationId);

    const notFound = await call(keyById.DELETE, `/api/v1/developer/api-keys/${foreign.id}`, {
      method: "DELETE",
      params: { id: foreign.id },
      token: owner.accessToken,
      headers: fromClient,
    });
    expectError(notFound, 404, "not_found");
    const invalid = await call(keys.POST, "/api/v1/developer/api-keys", {
      body: { name: "bad", ipRestrictions: ["not-an-ip"] },
      token: owner.accessToken,
    });
    expectError(invalid, 400, "invalid_request");
    const support = await seedMember(owner.organizationId, "support");
    expectError(
      await call(keys.POST, "/api/v1/developer/api-keys", { body: { name: "x" }, token: support.accessToken }),
      403,
      "forbidden",
    );

    expect(await rows(owner.organizationId)).toEqual(mine);
    expect(await rows(other.organizationId)).toEqual(theirs);
  });
});

describe("a change and its entry commit together", () => {
  // A real trigger makes the audit insert fail for one marked user agent: the change it records
  // must roll back with it.
  const MARK = `audit-must-fail-${Date.now()}`;
  const TRIGGER = `audit_test_refuse_${Date.now()}`;
  beforeAll(async () => {
    await getDb().$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION ${TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit insert refused by test'; END $$`);
    await getDb().$executeRawUnsafe(`
      CREATE TRIGGER ${TRIGGER} BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.user_agent = '${MARK}') EXECUTE FUNCTION ${TRIGGER}()`);
  });
  afterAll(async () => {
    await getDb().$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${TRIGGER} ON audit_log`);
    await getDb().$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${TRIGGER}()`);
  });

  it("leaves the key and the limits unchanged when the entry cannot be written", async () => {
    const owner = await seedOrganization("owner");
    const key = await seedApiKey(owner.organizationId, { name: "stays" });
    const failing = { ...fromClient, "user-agent": MARK };
    const before = await rows(owner.organizationId);

    const patch = await call(keyById.PATCH, `/api/v1/developer/api-keys/${key.id}`, {
      method: "PATCH",
      params: { id: key.id },
      body: { name: "renamed" },
      token: owner.accessToken,
      headers: failing,
    });
    expectError(patch, 500, "internal_error");
    expect((await getDb().apiKey.findFirstOrThrow({ where: { id: key.id } })).name).toBe("stays");

    const create = await call(keys.POST, "/api/v1/developer/api-keys", {
      body: { name: "never" },
      token: owner.accessToken,
      headers: failing,
    });
    expectError(create, 500, "internal_error");
    expect(await getDb().apiKey.count({ where: { organizationId: owner.organizationId } })).toBe(1);

    const limits = await call(rateLimits.PATCH, "/api/v1/developer/rate-limits", {
      method: "PATCH",
      body: { perMinute: 7 },
      token: owner.accessToken,
      headers: failing,
    });
    expectError(limits, 500, "internal_error");
    const org = await getDb().organization.findUniqueOrThrow({ where: { id: owner.organizationId } });
    expect(org.rateLimitPerMinute).toBe(100);

    expect(await rows(owner.organizationId)).toEqual(before);
  });
});

describe("webhook and rate-limit changes through REST", () => {
  it("logs webhook create, update, secret rotation and delete without the signing secret", async () => {
    const owner = await seedOrganization("owner");
    const org = owner.organizationId;
    const secret = "whsec-first-secret-0123456789";
    const rotated = "whsec-second-secret-9876543210";
    const created = await oneEntry(
      org,
      owner.userId,
      () =>
        call(webhooks.POST, "/api/v1/developer/webhooks", {
          body: { name: "orders", url: "https://hooks.example.com/orders", events: ["message.delivered"], secret },
          token: owner.accessToken,
          headers: fromClient,
        }),
      [secret],
    );
    const id: string = created.res.json.id;
    const stored = await getDb().webhook.findFirstOrThrow({ where: { id } });
    expect(JSON.stringify(created.entry)).not.toContain(stored.secretCiphertext!);
    expect(created.entry).toMatchObject({
      action: "webhook.created",
      resourceId: id,
      changes: {
        before: null,
        after: {
          name: "orders",
          url: "https://hooks.example.com/orders",
          events: ["message.delivered"],
          isActive: true,
          hasSecret: true,
        },
      },
    });

    const patch = (body: unknown) =>
      call(webhookById.PATCH, `/api/v1/developer/webhooks/${id}`, {
        method: "PATCH",
        params: { id },
        body,
        token: owner.accessToken,
        headers: fromClient,
      });
    const renamed = await oneEntry(org, owner.userId, () => patch({ name: "orders-v2", isActive: false }), [secret]);
    expect(renamed.entry.changes).toEqual({
      before: { name: "orders", isActive: true },
      after: { name: "orders-v2", isActive: false },
    });
    const rotation = await oneEntry(org, owner.userId, () => patch({ secret: rotated }), [secret, rotated]);
    expect(rotation.entry).toMatchObject({ action: "webhook.updated", changes: { secretChanged: true } });
    const sealed = (await getDb().webhook.findFirstOrThrow({ where: { id } })).secretCiphertext!;
    expect(JSON.stringify(rotation.entry)).not.toContain(sealed);

    const deleted = await oneEntry(
      org,
      owner.userId,
      () =>
        call(webhookById.DELETE, `/api/v1/developer/webhooks/${id}`, {
          method: "DELETE",
          params: { id },
          token: owner.accessToken,
          headers: fromClient,
        }),
      [secret, rotated],
    );
    expect(deleted.entry).toMatchObject({ action: "webhook.deleted", resourceId: id, changes: { after: null } });
  });

  it("logs a rate-limit change with before and after, and nothing for a refused one", async () => {
    const admin = await seedOrganization("admin");
    const org = admin.organizationId;
    const { entry } = await oneEntry(org, admin.userId, () =>
      call(rateLimits.PATCH, "/api/v1/developer/rate-limits", {
        method: "PATCH",
        body: { perMinute: 40, enabled: false },
        token: admin.accessToken,
        headers: fromClient,
      }),
    );
    expect(entry).toMatchObject({ action: "rateLimits.updated", resourceType: "rateLimits", resourceId: org });
    expect(entry.changes).toEqual({
      before: { perMinute: 100, enabled: true },
      after: { perMinute: 40, enabled: false },
    });

    const count = (await rows(org)).length;
    const refused = await call(rateLimits.PATCH, "/api/v1/developer/rate-limits", {
      method: "PATCH",
      body: { perMinute: 5000 },
      token: admin.accessToken,
      headers: fromClient,
    });
    expectError(refused, 400, "invalid_request");
    expect(await rows(org)).toHaveLength(count);
  });
});

describe("sign-ins and refresh-token reuse", () => {
  it("logs a token sign-in in its organization and a reuse once, never a password or token", async () => {
    const email = uniqueEmail();
    const password = "correct horse battery staple";
    const reg = await call(register, "/api/v1/auth/register", {
      body: { email, password, organizationName: "Audited" },
    });
    expect(reg.status).toBe(201);
    const userId: string = reg.json.user.id;
    const org: string = reg.json.organization.id;

    let tokens: { accessToken: string; refreshToken: string } = { accessToken: "", refreshToken: "" };
    const signIn = await oneEntry(
      org,
      userId,
      async () => {
        const res = await call(token, "/api/v1/auth/token", { body: { email, password }, headers: fromClient });
        tokens = res.json;
        return res;
      },
      () => [password, tokens.accessToken, tokens.refreshToken],
    );
    const family = await getDb().refreshTokenFamily.findFirstOrThrow({ where: { userId } });
    expect(signIn.entry).toMatchObject({
      action: "session.signedIn",
      resourceType: "session",
      resourceId: family.id,
      changes: { before: null, after: { via: "api" } },
    });

    // A wrong password changes nothing and logs nothing.
    const count = (await rows(org)).length;
    expectError(
      await call(token, "/api/v1/auth/token", { body: { email, password: "wrong password!" }, headers: fromClient }),
      401,
      "invalid_credentials",
    );
    // A normal rotation is not a change worth an entry.
    const rotated = await call(refresh, "/api/v1/auth/refresh", {
      body: { refreshToken: tokens.refreshToken },
      headers: fromClient,
    });
    expect(rotated.status).toBe(200);
    expect(await rows(org)).toHaveLength(count);

    const reuse = await oneEntry(
      org,
      userId,
      async () => {
        const res = await call(refresh, "/api/v1/auth/refresh", {
          body: { refreshToken: tokens.refreshToken },
          headers: fromClient,
        });
        expectError(res, 401, "refresh_token_reused");
        return { status: 200 };
      },
      () => [tokens.refreshToken, rotated.json.refreshToken],
    );
    expect(reuse.entry).toMatchObject({
      action: "session.refreshTokenReused",
      resourceId: family.id,
      changes: { after: { revoked: true } },
    });
  });
});
