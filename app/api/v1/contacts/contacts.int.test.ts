// Contacts over the real routes (contract §10), API key authenticated.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/server/db/client";
import { call, expectError } from "@/server/test/http";
import { seedSender } from "@/server/test/messaging";
import { seedApiKey } from "@/server/test/seed";
import * as list from "./route";
import * as byId from "./[id]/route";

const base = "/api/v1/contacts";
let key: string;
let orgId: string;
let otherKey: string;

beforeAll(async () => {
  const sender = await seedSender();
  key = sender.testKey;
  orgId = sender.organizationId;
  otherKey = (await seedSender()).testKey;
});

const create = (body: unknown, token = key) => call(list.POST, base, { token, body });
const get = (id: string, token = key) => call(byId.GET, `${base}/${id}`, { token, params: { id } });
const patch = (id: string, body: unknown, token = key) =>
  call(byId.PATCH, `${base}/${id}`, { token, params: { id }, body, method: "PATCH" });
const del = (id: string, token = key) =>
  call(byId.DELETE, `${base}/${id}`, { token, params: { id }, method: "DELETE" });
const index = (query: Record<string, string> = {}, token = key) => call(list.GET, base, { token, query });

describe("create, read, update, delete", () => {
  it("creates a contact in the contract's shape and reads it back", async () => {
    const res = await create({
      phone: "+14155550101",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "Ada@Example.com",
      attributes: { plan: "pro" },
      tags: ["vip", "vip", "beta"],
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^ct_/),
      phone: "+14155550101",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      attributes: { plan: "pro" },
      tags: ["vip", "beta"],
      optedOut: false,
      optedOutAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await get(res.json.id)).json).toEqual(res.json);
  });

  it("answers 409 contact_exists for a phone the organization already has, not for another organization", async () => {
    expect((await create({ phone: "+14155550102" })).status).toBe(201);
    expectError(await create({ phone: "+14155550102" }), 409, "contact_exists");
    expect((await create({ phone: "+14155550102" }, otherKey)).status).toBe(201);
  });

  // Issue 38: a 409 is an expected answer, not a database error for the operator's log.
  it("logs no prisma:error for a duplicate, created or patched", async () => {
    const a = (await create({ phone: "+14155550110" })).json;
    await create({ phone: "+14155550111" });
    const logged = vi.spyOn(console, "log");
    try {
      expectError(await create({ phone: "+14155550110" }), 409, "contact_exists");
      expectError(await patch(a.id, { phone: "+14155550111" }), 409, "contact_exists");
      expect(logged.mock.calls.filter((c) => String(c[0]).startsWith("prisma:"))).toEqual([]);
    } finally {
      logged.mockRestore();
    }
    expect((await get(a.id)).json.phone).toBe("+14155550110");
  });

  it("refuses an invalid phone, unknown fields and read-only fields", async () => {
    expectError(await create({ phone: "0415" }), 400, "invalid_phone_number");
    expectError(await create({ phone: "+14155550103", id: "ct_x" }), 400, "invalid_request");
    expectError(
      await create({ phone: "+14155550103", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }),
      400,
      "invalid_request",
    );
  });

  it("refuses a `__proto__` attribute by name rather than dropping it (issue 38)", async () => {
    const raw = (json: string, method = "POST", id?: string) =>
      call(id ? byId.PATCH : list.POST, id ? `${base}/${id}` : base, {
        token: key,
        method,
        params: id ? { id } : undefined,
        rawBody: json,
        headers: { "content-type": "application/json" },
      });
    const refused = await raw('{"phone":"+14155550109","attributes":{"__proto__":"x","plan":"pro"}}');
    expectError(refused, 400, "invalid_request");
    expect(refused.json.error.details).toEqual([
      { path: "attributes.__proto__", message: "`__proto__` cannot be an attribute name." },
    ]);
    const made = (await create({ phone: "+14155550109", attributes: { constructor: "c" } })).json;
    expect(made.attributes).toEqual({ constructor: "c" });
    expectError(await raw('{"attributes":{"__proto__":{"admin":"true"}}}', "PATCH", made.id), 400, "invalid_request");
  });

  it("patches only the given fields, keeps the phone unique, and deletes", async () => {
    const a = (await create({ phone: "+14155550104", firstName: "Grace" })).json;
    await create({ phone: "+14155550105" });
    const res = await patch(a.id, { lastName: "Hopper", tags: ["navy"] });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ firstName: "Grace", lastName: "Hopper", tags: ["navy"], phone: "+14155550104" });
    expectError(await patch(a.id, { phone: "+14155550105" }), 409, "contact_exists");
    expectError(await patch(a.id, { createdAt: "2020-01-01T00:00:00.000Z" }), 400, "invalid_request");
    expect((await del(a.id)).status).toBe(204);
    expectError(await get(a.id), 404, "not_found");
    expectError(await del(a.id), 404, "not_found");
  });

  it("answers 404 for another organization's contact on every verb", async () => {
    const mine = (await create({ phone: "+14155550106" })).json;
    expectError(await get(mine.id, otherKey), 404, "not_found");
    expectError(await patch(mine.id, { firstName: "Eve" }, otherKey), 404, "not_found");
    expectError(await del(mine.id, otherKey), 404, "not_found");
    expect((await get(mine.id)).json.firstName).toBeNull();
  });

  it("needs contacts.read to read and contacts.write to write", async () => {
    const readOnly = (await seedApiKey(orgId, { environment: "test", permissions: ["contacts.read"] })).rawKey;
    expect((await index({}, readOnly)).status).toBe(200);
    expectError(await create({ phone: "+14155550107" }, readOnly), 403, "insufficient_scope");
  });

  it("shows a contact as opted out when its phone is in the organization's opt-outs", async () => {
    const c = (await create({ phone: "+14155550108" })).json;
    const at = new Date("2026-11-20T10:00:00.000Z");
    await getDb().contactOptOut.create({
      data: { organizationId: orgId, phone: c.phone, source: "api", optedOutAt: at },
    });
    expect((await get(c.id)).json).toMatchObject({ optedOut: true, optedOutAt: at.toISOString() });
  });
});

describe("the list", () => {
  let org: string;
  let k: string;
  beforeAll(async () => {
    const s = await seedSender();
    org = s.organizationId;
    k = s.testKey;
    for (const [i, c] of [
      { phone: "+14155551001", firstName: "Alan", email: "alan@turing.org", tags: ["uk"] },
      { phone: "+14155551002", firstName: "Alice", tags: ["uk", "vip"] },
      { phone: "+442071838750", lastName: "Babbage", email: "charles@engine.uk" },
      { phone: "+14155551003", firstName: "100%_real" },
    ].entries()) {
      expect((await create(c, k)).status, String(i)).toBe(201);
    }
    await getDb().contactOptOut.create({ data: { organizationId: org, phone: "+14155551002", source: "api" } });
  });
  const phones = (res: Awaited<ReturnType<typeof index>>) => res.json.map((c: { phone: string }) => c.phone);

  it("lists newest first and pages with X-Next-Cursor until it is absent", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i++) {
      const res = await index({ limit: "3", ...(cursor ? { cursor } : {}) }, k);
      expect(res.status).toBe(200);
      seen.push(...phones(res));
      cursor = res.headers.get("x-next-cursor");
      if (!cursor) break;
    }
    expect(seen).toEqual(["+14155551003", "+442071838750", "+14155551002", "+14155551001"]);
  });

  it("filters by tag, opt-out and a prefix of phone, name or email", async () => {
    expect(phones(await index({ tag: "uk" }, k))).toEqual(["+14155551002", "+14155551001"]);
    expect(phones(await index({ tag: "vip" }, k))).toEqual(["+14155551002"]);
    expect(phones(await index({ optedOut: "true" }, k))).toEqual(["+14155551002"]);
    expect(phones(await index({ optedOut: "false" }, k))).toEqual(["+14155551003", "+442071838750", "+14155551001"]);
    expect(phones(await index({ q: "+44" }, k))).toEqual(["+442071838750"]);
    expect(phones(await index({ q: "Al" }, k))).toEqual(["+14155551002", "+14155551001"]);
    expect(phones(await index({ q: "Bab" }, k))).toEqual(["+442071838750"]);
    expect(phones(await index({ q: "CHARLES@" }, k))).toEqual(["+442071838750"]);
    // LIKE wildcards in q are literal.
    expect(phones(await index({ q: "100%" }, k))).toEqual(["+14155551003"]);
    expect(phones(await index({ q: "%" }, k))).toEqual([]);
    expect(phones(await index({ q: "+1415555100", optedOut: "false", tag: "uk" }, k))).toEqual(["+14155551001"]);
  });

  it("refuses a cursor issued for another organization or list, and bad filters", async () => {
    const res = await index({ limit: "1" }, k);
    const cursor = res.headers.get("x-next-cursor")!;
    expectError(await index({ cursor }), 400, "invalid_request");
    expectError(await index({ cursor: "abc.def" }, k), 400, "invalid_request");
    expectError(await index({ optedOut: "yes" }, k), 400, "invalid_request");
    expectError(await index({ limit: "1000" }, k), 400, "invalid_request");
  });
});
