import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { AppError } from "../errors";
import { authenticateApiKey } from "../http/authenticate-api-key";
import { seedMember, seedOrganization } from "../test/seed";
import { callerFor, trpcError } from "../test/trpc";
import type { Role } from "@/schemas/roles";

async function member(role: Role) {
  const owner = await seedOrganization("owner");
  const who = role === "owner" ? owner : await seedMember(owner.organizationId, role);
  return { ...who, caller: callerFor(who.userId, who.organizationId) };
}

/** What the SMS/OTP routes do with a key: resolves to the key id, or rejects with the AppError code. */
async function authenticate(rawKey: string): Promise<string> {
  const req = new Request("http://localhost/api/v1/sms/send", { headers: { authorization: `Bearer ${rawKey}` } });
  try {
    return (await authenticateApiKey(req)).keyId;
  } catch (e) {
    if (e instanceof AppError) return `error:${e.code}`;
    throw e;
  }
}

describe("apiKeys router", () => {
  it("lets a developer create, disable, enable, edit, regenerate and delete a key, with effect on the API", async () => {
    const dev = await member("developer");
    const created = await dev.caller.apiKeys.create({
      name: "  Checkout server ",
      description: "Sends receipts",
      environment: "live",
      permissions: ["sms.send", "sms.read", "sms.send"],
      ipRestrictions: ["203.0.113.0/24"],
      expiresIn: "30d",
    });
    expect(created).toMatchObject({
      name: "Checkout server",
      description: "Sends receipts",
      environment: "live",
      permissions: ["sms.send", "sms.read"],
      ipRestrictions: ["203.0.113.0/24"],
      isActive: true,
      lastUsedAt: null,
    });
    expect(created.rawKey).toMatch(/^sg_live_[0-9A-Za-z]{40}$/);
    expect(created.keyPrefix).toBe(`${created.rawKey.slice(0, 12)}…`);
    const days = (Date.parse(created.expiresAt!) - Date.parse(created.createdAt)) / 86_400_000;
    expect(days).toBe(30);
    const row = await getDb().apiKey.findFirstOrThrow({ where: { id: created.id } });
    expect(row.createdById).toBe(dev.userId);

    const plain = await dev.caller.apiKeys.create({ name: "Plain", ipRestrictions: [] });
    expect(await authenticate(plain.rawKey)).toBe(plain.id);

    const disabled = await dev.caller.apiKeys.setActive({ id: plain.id, isActive: false });
    expect(disabled.isActive).toBe(false);
    expect(await authenticate(plain.rawKey)).toBe("error:key_disabled");
    await dev.caller.apiKeys.setActive({ id: plain.id, isActive: true });
    expect(await authenticate(plain.rawKey)).toBe(plain.id);

    const edited = await dev.caller.apiKeys.update({
      id: plain.id,
      name: "Renamed",
      description: null,
      permissions: ["otp.send"],
    });
    expect(edited).toMatchObject({ id: plain.id, name: "Renamed", description: null, permissions: ["otp.send"] });
    expect(await dev.caller.apiKeys.byId({ id: plain.id })).toEqual(edited);

    const regenerated = await dev.caller.apiKeys.regenerate({ id: plain.id });
    expect(regenerated).toEqual({
      id: plain.id,
      name: "Renamed",
      rawKey: expect.stringMatching(/^sg_test_[0-9A-Za-z]{40}$/),
      keyPrefix: `${regenerated.rawKey.slice(0, 12)}…`,
    });
    expect(regenerated.rawKey).not.toBe(plain.rawKey);
    expect(await authenticate(plain.rawKey)).toBe("error:unauthenticated");
    expect(await authenticate(regenerated.rawKey)).toBe(plain.id);

    expect(await dev.caller.apiKeys.remove({ id: plain.id })).toEqual({ id: plain.id });
    expect(await authenticate(regenerated.rawKey)).toBe("error:unauthenticated");
    expect((await dev.caller.apiKeys.list()).map((k) => k.id)).toEqual([created.id]);
  });

  it("never puts the secret or its hash in list or byId answers", async () => {
    const dev = await member("admin");
    const created = await dev.caller.apiKeys.create({ name: "Secretive" });
    const regenerated = await dev.caller.apiKeys.regenerate({ id: created.id });

    const list = await dev.caller.apiKeys.list();
    const one = await dev.caller.apiKeys.byId({ id: created.id });
    for (const answer of [list, one]) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain("rawKey");
      expect(text).not.toContain("keyHash");
      expect(text).not.toContain(regenerated.rawKey);
      expect(text).not.toContain(created.rawKey);
    }
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        "createdAt",
        "description",
        "environment",
        "expiresAt",
        "id",
        "ipRestrictions",
        "isActive",
        "keyPrefix",
        "lastUsedAt",
        "name",
        "permissions",
      ].sort(),
    );
    // Omitted permissions mean all nine, as in the REST API.
    expect(list[0]!.permissions).toHaveLength(9);
  });

  it("refuses support every apiKeys procedure with FORBIDDEN and changes nothing", async () => {
    const owner = await member("owner");
    const key = await owner.caller.apiKeys.create({ name: "Owner's key" });
    const support = await seedMember(owner.organizationId, "support");
    const caller = callerFor(support.userId, support.organizationId);

    // Thunks: each call starts only when awaited, so no rejection goes unhandled meanwhile.
    const attempts: (() => Promise<unknown>)[] = [
      () => caller.apiKeys.list(),
      () => caller.apiKeys.byId({ id: key.id }),
      () => caller.apiKeys.create({ name: "Nope" }),
      () => caller.apiKeys.update({ id: key.id, name: "Nope" }),
      () => caller.apiKeys.setActive({ id: key.id, isActive: false }),
      () => caller.apiKeys.regenerate({ id: key.id }),
      () => caller.apiKeys.remove({ id: key.id }),
    ];
    for (const attempt of attempts) {
      const err = await trpcError(attempt());
      expect(err.code).toBe("FORBIDDEN");
    }
    const [only] = await owner.caller.apiKeys.list();
    expect(only).toMatchObject({ id: key.id, name: "Owner's key", isActive: true, keyPrefix: key.keyPrefix });
    expect(await authenticate(key.rawKey)).toBe(key.id);
  });

  it("answers NOT_FOUND for another organization's key and leaves it untouched", async () => {
    const a = await member("owner");
    const b = await member("developer");
    const bKey = await b.caller.apiKeys.create({ name: "B's key" });

    // Thunks: each call starts only when awaited, so no rejection goes unhandled meanwhile.
    const attempts: (() => Promise<unknown>)[] = [
      () => a.caller.apiKeys.byId({ id: bKey.id }),
      () => a.caller.apiKeys.update({ id: bKey.id, name: "Taken over" }),
      () => a.caller.apiKeys.setActive({ id: bKey.id, isActive: false }),
      () => a.caller.apiKeys.regenerate({ id: bKey.id }),
      () => a.caller.apiKeys.remove({ id: bKey.id }),
      () => a.caller.apiKeys.remove({ id: "key_does_not_exist" }),
    ];
    for (const attempt of attempts) {
      const err = await trpcError(attempt());
      expect(err.code).toBe("NOT_FOUND");
    }
    expect(await a.caller.apiKeys.list()).toEqual([]);
    const [still] = await b.caller.apiKeys.list();
    expect(still).toMatchObject({ id: bKey.id, name: "B's key", isActive: true });
    expect(await authenticate(bKey.rawKey)).toBe(bKey.id);
  });

  it("rejects invalid input with field errors the form can show", async () => {
    const dev = await member("developer");
    const badIp = await trpcError(
      dev.caller.apiKeys.create({ name: "x", ipRestrictions: ["10.0.0.0/8", "10.0.0.300"] }),
    );
    expect(badIp.code).toBe("BAD_REQUEST");
    const zodError = badIp.cause as unknown as { issues: { path: (string | number)[]; message: string }[] };
    expect(zodError.issues).toEqual([
      expect.objectContaining({
        path: ["ipRestrictions", 1],
        message: '"10.0.0.300" is not an IP address or CIDR range.',
      }),
    ]);

    const noScopes = await trpcError(dev.caller.apiKeys.create({ name: "x", permissions: [] }));
    expect(noScopes.code).toBe("BAD_REQUEST");
    const badExpiry = await trpcError(dev.caller.apiKeys.create({ name: "x", expiresIn: "3651d" }));
    expect(badExpiry.code).toBe("BAD_REQUEST");
    // The environment of an existing key is fixed: update does not accept it.
    const key = await dev.caller.apiKeys.create({ name: "Fixed" });
    const envChange = await trpcError(
      dev.caller.apiKeys.update({ id: key.id, environment: "live" } as unknown as { id: string }),
    );
    expect(envChange.code).toBe("BAD_REQUEST");
    expect((await dev.caller.apiKeys.byId({ id: key.id })).environment).toBe("test");
    expect(await getDb().apiKey.count({ where: { organizationId: dev.organizationId } })).toBe(1);
  });
});
