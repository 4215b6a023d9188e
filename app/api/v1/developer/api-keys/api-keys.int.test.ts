import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError } from "@/server/test/http";
import { seedOrganization, type SeededMember } from "@/server/test/seed";
import { getDb } from "@/server/db/client";
import { hashKeySecret } from "@/server/api-keys/key-secret";
import { lastUsed } from "@/server/api-keys/last-used";
import { PERMISSIONS } from "@/schemas/permissions";
import * as keys from "./route";
import * as keyById from "./[id]/route";
import * as regenerate from "./[id]/regenerate/route";
import * as enable from "./[id]/enable/route";
import * as disable from "./[id]/disable/route";
import * as smsSend from "../../sms/send/route";

const base = "/api/v1/developer/api-keys";
let owner: SeededMember;

beforeAll(async () => {
  owner = await seedOrganization("owner");
});

async function create(body: Record<string, unknown>, token = owner.accessToken) {
  return call(keys.POST, base, { body, token });
}

/** Calls the SMS route with the key: 202 (a sandbox message accepted) means authentication passed. */
async function useKey(rawKey: string) {
  return call(smsSend.POST, "/api/v1/sms/send", { body: { to: "+14155550123", body: "hi" }, token: rawKey });
}

describe("create", () => {
  it("returns the key once with rawKey, defaults to test and all permissions", async () => {
    const res = await create({ name: "Backend", description: "orders service" });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^key_/),
      name: "Backend",
      description: "orders service",
      environment: "test",
      keyPrefix: `${res.json.rawKey.slice(0, 12)}…`,
      permissions: [...PERMISSIONS],
      ipRestrictions: [],
      isActive: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      lastUsedAt: null,
      expiresAt: null,
      rawKey: expect.stringMatching(/^sg_test_[0-9A-Za-z]{40}$/),
    });
    const row = await getDb().apiKey.findFirstOrThrow({ where: { id: res.json.id } });
    expect(row.keyHash).toBe(hashKeySecret(res.json.rawKey));
    expect(JSON.stringify(row)).not.toContain(res.json.rawKey);
  });

  it("honours environment, permissions, expiry and IP restrictions", async () => {
    const before = Date.now();
    const res = await create({
      name: "Live",
      environment: "live",
      permissions: ["sms.send", "sms.read", "sms.send"],
      expiresIn: "90d",
      ipRestrictions: ["10.0.0.0/8", "2001:db8::1"],
    });
    expect(res.status).toBe(201);
    expect(res.json.rawKey).toMatch(/^sg_live_/);
    expect(res.json.permissions).toEqual(["sms.send", "sms.read"]);
    const expires = Date.parse(res.json.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(90 * 86_400_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(90 * 86_400_000 + 5000);
    expect(res.json.ipRestrictions).toEqual(["10.0.0.0/8", "2001:db8::1"]);
  });

  it("rejects bad input naming the field, and read-only fields", async () => {
    const badIp = await create({ name: "x", ipRestrictions: ["10.0.0.1", "300.1.1.1"] });
    expectError(badIp, 400, "invalid_request");
    expect(badIp.json.error.details).toEqual([
      { path: "ipRestrictions.1", message: expect.stringContaining("300.1.1.1") },
    ]);
    for (const body of [
      { name: "" },
      { name: "x", expiresIn: "90h" },
      { name: "x", expiresIn: "0d" },
      { name: "x", expiresIn: "3651d" },
      { name: "x", permissions: ["sms.send", "everything"] },
      { name: "x", permissions: [] },
      { name: "x", environment: "prod" },
      { name: "x", rawKey: "sg_test_mine" },
      { name: "x", id: "key_mine" },
    ]) {
      expectError(await create(body), 400, "invalid_request");
    }
  });

  it("caps an organization at 100 keys", async () => {
    const org = await seedOrganization("owner");
    const rows = Array.from({ length: 100 }, (_, i) => ({
      id: `key_cap_${org.organizationId}_${i}`,
      organizationId: org.organizationId,
      name: `k${i}`,
      environment: "test" as const,
      keyHash: `hash_${org.organizationId}_${i}`,
      keyPrefix: "sg_test_xxxx…",
      permissions: ["sms.send"],
      ipRestrictions: [],
    }));
    await getDb().apiKey.createMany({ data: rows });
    expectError(await create({ name: "one too many" }, org.accessToken), 409, "limit_reached");
  });
});

describe("list, get, update", () => {
  it("lists newest first without secrets, and gets one", async () => {
    const org = await seedOrganization("developer");
    const a = (await create({ name: "A" }, org.accessToken)).json;
    const b = (await create({ name: "B" }, org.accessToken)).json;
    const list = await call(keys.GET, base, { token: org.accessToken });
    expect(list.status).toBe(200);
    expect(list.json.map((k: { id: string }) => k.id)).toEqual([b.id, a.id]);
    expect(list.text).not.toContain("rawKey");
    expect(list.text).not.toContain(a.rawKey);
    expect(list.text).not.toMatch(/keyHash|key_hash/);

    const one = await call(keyById.GET, `${base}/${a.id}`, { token: org.accessToken, params: { id: a.id } });
    const { rawKey: _omit, ...withoutRaw } = a;
    expect(one.json).toEqual(withoutRaw);
  });

  it("patches name, description, permissions and IP restrictions only", async () => {
    const key = (await create({ name: "Old" })).json;
    const res = await call(keyById.PATCH, `${base}/${key.id}`, {
      method: "PATCH",
      token: owner.accessToken,
      params: { id: key.id },
      body: { name: "New", description: null, permissions: ["otp.send"], ipRestrictions: ["192.0.2.1"] },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: key.id,
      name: "New",
      description: null,
      permissions: ["otp.send"],
      ipRestrictions: ["192.0.2.1"],
    });
    const env = await call(keyById.PATCH, `${base}/${key.id}`, {
      method: "PATCH",
      token: owner.accessToken,
      params: { id: key.id },
      body: { environment: "live" },
    });
    expectError(env, 400, "invalid_request");
  });
});

describe("lifecycle takes effect on the next request", () => {
  it("disable, enable, regenerate and delete", async () => {
    const key = (await create({ name: "Lifecycle", permissions: ["sms.send"] })).json;
    const params = { id: key.id };
    expect((await useKey(key.rawKey)).status).toBe(202);

    const disabled = await call(disable.POST, `${base}/${key.id}/disable`, {
      method: "POST",
      token: owner.accessToken,
      params,
    });
    expect(disabled.json.isActive).toBe(false);
    expectError(await useKey(key.rawKey), 401, "key_disabled");
    const list = await call(keys.GET, base, { token: owner.accessToken });
    expect(list.json.some((k: { id: string }) => k.id === key.id)).toBe(true);

    const enabled = await call(enable.POST, `${base}/${key.id}/enable`, {
      method: "POST",
      token: owner.accessToken,
      params,
    });
    expect(enabled.json.isActive).toBe(true);
    expect((await useKey(key.rawKey)).status).toBe(202);

    const mismatch = await call(regenerate.POST, `${base}/${key.id}/regenerate`, {
      token: owner.accessToken,
      params,
      body: { id: "key_other" },
    });
    expectError(mismatch, 400, "invalid_request");

    const regen = await call(regenerate.POST, `${base}/${key.id}/regenerate`, {
      token: owner.accessToken,
      params,
      body: { id: key.id },
    });
    expect(regen.status).toBe(200);
    expect(regen.json).toEqual({
      id: key.id,
      name: "Lifecycle",
      rawKey: expect.stringMatching(/^sg_test_/),
      keyPrefix: expect.any(String),
    });
    expect(regen.json.rawKey).not.toBe(key.rawKey);
    expectError(await useKey(key.rawKey), 401, "unauthenticated");
    expect((await useKey(regen.json.rawKey)).status).toBe(202);
    const after = await call(keyById.GET, `${base}/${key.id}`, { token: owner.accessToken, params });
    expect(after.json).toMatchObject({ name: "Lifecycle", permissions: ["sms.send"], keyPrefix: regen.json.keyPrefix });

    // A bare POST (no body, no content type) regenerates too.
    const bare = await call(regenerate.POST, `${base}/${key.id}/regenerate`, {
      method: "POST",
      token: owner.accessToken,
      params,
    });
    expect(bare.status).toBe(200);

    const deleted = await call(keyById.DELETE, `${base}/${key.id}`, {
      method: "DELETE",
      token: owner.accessToken,
      params,
    });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expectError(await useKey(bare.json.rawKey), 401, "unauthenticated");
    expectError(await call(keyById.GET, `${base}/${key.id}`, { token: owner.accessToken, params }), 404, "not_found");
  });

  it("honours a change made by another instance (no local invalidation) on the next request", async () => {
    const key = (await create({ name: "Elsewhere", permissions: ["sms.send"] })).json;
    expect((await useKey(key.rawKey)).status).toBe(202); // now cached in this process
    const db = getDb();
    // Writes as another instance would make them: straight to the row, this process's cache untouched.
    await db.apiKey.updateMany({ where: { id: key.id }, data: { isActive: false } });
    expectError(await useKey(key.rawKey), 401, "key_disabled");
    await db.apiKey.updateMany({ where: { id: key.id }, data: { isActive: true, permissions: ["otp.send"] } });
    expectError(await useKey(key.rawKey), 403, "insufficient_scope");
    await db.apiKey.updateMany({
      where: { id: key.id },
      data: { permissions: ["sms.send"], keyHash: "rotated-elsewhere" },
    });
    expectError(await useKey(key.rawKey), 401, "unauthenticated");

    const other = (await create({ name: "Deleted elsewhere" })).json;
    expect((await useKey(other.rawKey)).status).toBe(202);
    await db.apiKey.deleteMany({ where: { id: other.id } });
    expectError(await useKey(other.rawKey), 401, "unauthenticated");
  });

  it("authenticates no key when two organizations' keys share a hash (unique only with the organization)", async () => {
    const key = (await create({ name: "Twin" })).json;
    const other = await seedOrganization("owner");
    const row = await getDb().apiKey.findFirstOrThrow({ where: { id: key.id } });
    // Not possible by construction (238 random bits); if it ever happened, neither key may win.
    await getDb().apiKey.create({
      data: { ...row, id: `${key.id}x`, organizationId: other.organizationId, updatedAt: new Date() },
    });
    expectError(await useKey(key.rawKey), 401, "unauthenticated");
    await getDb().apiKey.deleteMany({ where: { id: `${key.id}x` } });
    expect((await useKey(key.rawKey)).status).toBe(202);
  });

  it("records lastUsedAt in batches, not per request", async () => {
    const key = (await create({ name: "Usage" })).json;
    await lastUsed.flush();
    await useKey(key.rawKey);
    const before = await getDb().apiKey.findFirstOrThrow({ where: { id: key.id } });
    expect(before.lastUsedAt).toBeNull();
    expect(await lastUsed.flush()).toBeGreaterThanOrEqual(1);
    const after = await getDb().apiKey.findFirstOrThrow({ where: { id: key.id } });
    expect(after.lastUsedAt).toBeInstanceOf(Date);
    expect(Date.now() - after.lastUsedAt!.getTime()).toBeLessThan(60_000);
  });
});
