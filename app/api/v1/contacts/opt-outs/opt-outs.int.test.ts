// Opt-outs over the real routes (contract §10): the list, opting out and back in, the events.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { call, expectError } from "@/server/test/http";
import { seedSender } from "@/server/test/messaging";
import * as contacts from "../route";
import * as contactById from "../[id]/route";
import * as list from "./route";
import * as byPhone from "./[phone]/route";

const base = "/api/v1/contacts/opt-outs";
let key: string;
let orgId: string;
let otherKey: string;

beforeAll(async () => {
  const s = await seedSender();
  key = s.testKey;
  orgId = s.organizationId;
  otherKey = (await seedSender()).testKey;
});

const optOut = (phone: unknown, token = key) => call(list.POST, base, { token, body: { phone } });
const optIn = (phone: string, token = key) =>
  call(byPhone.DELETE, `${base}/${encodeURIComponent(phone)}`, {
    token,
    method: "DELETE",
    params: { phone: encodeURIComponent(phone) },
  });
const index = (query: Record<string, string> = {}, token = key) => call(list.GET, base, { token, query });
const events = (phone: string) =>
  getDb().outboxEvent.findMany({
    where: { organizationId: orgId, type: { startsWith: "contact." }, payload: { path: ["phone"], equals: phone } },
    orderBy: { id: "asc" },
  });

describe("opt-outs", () => {
  it("opts out a number that is not a contact, once, with one contact.opted_out event", async () => {
    const res = await optOut("+14155552001");
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ phone: "+14155552001", optedOutAt: expect.any(String), source: "api" });
    const again = await optOut("+14155552001");
    expect(again.status).toBe(201);
    expect(again.json.optedOutAt).toBe(res.json.optedOutAt);
    const evts = await events("+14155552001");
    expect(evts.map((e) => [e.type, e.payload])).toEqual([
      ["contact.opted_out", { phone: "+14155552001", source: "api", at: res.json.optedOutAt }],
    ]);
  });

  it("is reflected on the contact, and opting back in clears it and emits contact.opted_in", async () => {
    const c = (await call(contacts.POST, "/api/v1/contacts", { token: key, body: { phone: "+14155552002" } })).json;
    const out = await optOut("+14155552002");
    const get = () => call(contactById.GET, `/api/v1/contacts/${c.id}`, { token: key, params: { id: c.id } });
    expect((await get()).json).toMatchObject({ optedOut: true, optedOutAt: out.json.optedOutAt });
    const res = await optIn("+14155552002");
    expect(res.status).toBe(204);
    expect((await get()).json).toMatchObject({ optedOut: false, optedOutAt: null });
    expect((await events("+14155552002")).map((e) => e.type)).toEqual(["contact.opted_out", "contact.opted_in"]);
    expectError(await optIn("+14155552002"), 404, "not_found");
  });

  it("keeps organizations apart", async () => {
    await optOut("+14155552003");
    expectError(await optIn("+14155552003", otherKey), 404, "not_found");
    expect((await index({}, otherKey)).json).toEqual([]);
    expect((await index()).json.map((o: { phone: string }) => o.phone)).toContain("+14155552003");
  });

  it("validates the number", async () => {
    expectError(await optOut("12345"), 400, "invalid_phone_number");
    expectError(await optIn("12345"), 400, "invalid_phone_number");
  });

  it("pages in phone order with X-Next-Cursor, refusing another organization's cursor", async () => {
    const s = await seedSender();
    for (const p of ["+14155552013", "+14155552011", "+14155552012"]) await optOut(p, s.testKey);
    const first = await index({ limit: "2" }, s.testKey);
    expect(first.json.map((o: { phone: string }) => o.phone)).toEqual(["+14155552011", "+14155552012"]);
    const cursor = first.headers.get("x-next-cursor")!;
    const second = await index({ limit: "2", cursor }, s.testKey);
    expect(second.json.map((o: { phone: string }) => o.phone)).toEqual(["+14155552013"]);
    expect(second.headers.get("x-next-cursor")).toBeNull();
    expectError(await index({ cursor }), 400, "invalid_request");
  });
});
