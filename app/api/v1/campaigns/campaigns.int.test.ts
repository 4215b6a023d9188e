// Campaigns over the real routes (contract §11): create, list, get, update, delete, preview,
// test, launch, pause, resume, cancel and recipients; scopes, roles, environments, the audit log.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { call, expectError } from "@/server/test/http";
import { seedSender } from "@/server/test/messaging";
import { seedApiKey, seedMember } from "@/server/test/seed";
import { runUntilIdle, seedContacts } from "@/server/campaigns/test-kit";
import * as list from "./route";
import * as byId from "./[id]/route";
import * as preview from "./[id]/preview/route";
import * as test from "./[id]/test/route";
import * as launch from "./[id]/launch/route";
import * as pause from "./[id]/pause/route";
import * as resume from "./[id]/resume/route";
import * as cancel from "./[id]/cancel/route";
import * as recipients from "./[id]/recipients/route";

const base = "/api/v1/campaigns";
let key: string;
let liveKey: string;
let orgId: string;
let otherKey: string;
let owner: string;

beforeAll(async () => {
  const sender = await seedSender();
  key = sender.testKey;
  liveKey = sender.liveKey;
  orgId = sender.organizationId;
  owner = sender.accessToken;
  otherKey = (await seedSender()).testKey;
  await seedContacts(orgId, 5, { tags: ["vip"] });
  await seedContacts(orgId, 3, { first: 100, tags: ["vip", "staff"] });
  await seedContacts(orgId, 2, { first: 200, tags: ["other"], firstName: null });
});

const create = (body: unknown, token = key) => call(list.POST, base, { token, body });
const get = (id: string, token = key) => call(byId.GET, `${base}/${id}`, { token, params: { id } });
const patch = (id: string, body: unknown, token = key) =>
  call(byId.PATCH, `${base}/${id}`, { token, params: { id }, body, method: "PATCH" });
const del = (id: string, token = key) =>
  call(byId.DELETE, `${base}/${id}`, { token, params: { id }, method: "DELETE" });
const index = (query: Record<string, string> = {}, token = key) => call(list.GET, base, { token, query });
const post = (h: typeof launch, id: string, action: string, body?: unknown, token = key) =>
  call(h.POST, `${base}/${id}/${action}`, { token, params: { id }, ...(body !== undefined && { body }) });
const rcpts = (id: string, query: Record<string, string> = {}, token = key) =>
  call(recipients.GET, `${base}/${id}/recipients`, { token, params: { id }, query });

const vip = {
  name: "VIP sale",
  audience: { tags: ["vip"], excludeTags: ["staff"] },
  template: "Hi {{firstName|there}}, sale!",
};

describe("create, read, update, delete", () => {
  it("creates a DRAFT in the contract's shape with its estimate, and reads it back", async () => {
    const res = await create(vip);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      id: expect.stringMatching(/^cmp_/),
      name: "VIP sale",
      environment: "test",
      status: "DRAFT",
      pausedReason: null,
      audience: { tags: ["vip"], excludeTags: ["staff"] },
      from: null,
      appendOptOutText: true,
      scheduledAt: null,
      sendWindow: null,
      throttlePerMinute: null,
      frequencyCapHours: null,
      linkTracking: false,
      estimate: { recipients: 5, segments: 5, price: "0.0000" },
      launchedAt: null,
      completedAt: null,
    });
    expect(res.json.stats).toEqual({
      recipients: 0,
      pending: 0,
      queued: 0,
      sent: 0,
      delivered: 0,
      undelivered: 0,
      failed: 0,
      canceled: 0,
      skipped: { opted_out: 0, country_not_allowed: 0, frequency_cap: 0, invalid_template: 0, contact_deleted: 0 },
      clicks: 0,
      uniqueClicks: 0,
      optOuts: 0,
      spend: "0.0000",
    });
    expect((await get(res.json.id)).json).toEqual(res.json);
  });

  it("a live key's campaign is live and priced; each key sees its own environment only", async () => {
    const res = await create(vip, liveKey);
    expect(res.json.environment).toBe("live");
    expect(res.json.estimate.recipients).toBe(5);
    expect(res.json.estimate.price).not.toBe("0.0000");
    expectError(await get(res.json.id, key), 404, "not_found");
    expectError(await create({ ...vip, environment: "live" }, key), 400, "invalid_request");
  });

  it("refuses an unknown variable with details on template, and bad fields", async () => {
    const res = await create({ ...vip, template: "Hi {{nickname}}" });
    expectError(res, 400, "invalid_request");
    expect(res.json.error.details[0].path).toBe("template");
    expectError(await create({ ...vip, bogus: 1 }), 400, "invalid_request");
    expectError(await create({ ...vip, sendWindow: { start: "25:00", end: "08:00" } }), 400, "invalid_request");
    expectError(
      await create({ ...vip, scheduledAt: new Date(Date.now() + 5_000).toISOString() }),
      400,
      "invalid_send_at",
    );
    expectError(await create({ ...vip, throttlePerMinute: 0 }), 400, "invalid_request");
  });

  it("lists newest first with a cursor; another tenant sees nothing; a foreign cursor is 400", async () => {
    const a = (await create({ ...vip, name: "a" })).json;
    const b = (await create({ ...vip, name: "b" })).json;
    const first = await index({ limit: "1" });
    expect(first.json.map((c: { id: string }) => c.id)).toEqual([b.id]);
    const cursor = first.headers.get("x-next-cursor")!;
    const second = await index({ limit: "1", cursor });
    expect(second.json[0].id).toBe(a.id);
    expect((await index({}, otherKey)).json).toEqual([]);
    expectError(await get(a.id, otherKey), 404, "not_found");
    expectError(await index({ cursor }, otherKey), 400, "invalid_request");
  });

  it("updates and deletes a DRAFT; a running campaign answers 409 campaign_not_editable", async () => {
    const c = (await create(vip)).json;
    const updated = await patch(c.id, { name: "renamed", audience: { tags: [], excludeTags: [] } });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ name: "renamed", estimate: { recipients: 10 } });
    expectError(await patch(c.id, { template: "{{bad}}" }), 400, "invalid_request");
    expect((await post(launch, c.id, "launch")).json.status).toBe("RUNNING");
    expectError(await patch(c.id, { name: "late" }), 409, "campaign_not_editable");
    expectError(await del(c.id), 409, "campaign_not_editable");
    const d = (await create(vip)).json;
    expect((await del(d.id)).status).toBe(204);
    expectError(await get(d.id), 404, "not_found");
    await post(cancel, c.id, "cancel");
  });
});

describe("preview and test", () => {
  it("previews for a contact and with the fallbacks, with segments, encoding and price", async () => {
    const c = (await create(vip, liveKey)).json;
    const contact = await getDb().contact.findFirstOrThrow({ where: { organizationId: orgId, phone: "+14155550001" } });
    const res = await post(preview, c.id, "preview", { contactId: contact.id }, liveKey);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ text: "Hi Name1, sale! Reply STOP to opt out.", segments: 1, encoding: "GSM-7" });
    expect(res.json.price).not.toBe("0.0000");
    const plain = await post(preview, c.id, "preview", {}, liveKey);
    expect(plain.json.text).toBe("Hi there, sale! Reply STOP to opt out.");
    expectError(await post(preview, c.id, "preview", { contactId: "ct_nope" }, liveKey), 404, "not_found");
  });

  it("a test send is one message, not a recipient and not in the stats", async () => {
    const c = (await create(vip)).json;
    const res = await post(test, c.id, "test", { to: "+14155559999" });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({
      status: "QUEUED",
      to: "+14155559999",
      body: "Hi there, sale! Reply STOP to opt out.",
    });
    expect((await get(c.id)).json.stats.queued).toBe(0);
    expect((await rcpts(c.id)).json).toEqual([]);
    expectError(await post(test, c.id, "test", { to: "12" }), 400, "invalid_phone_number");
  });
});

describe("launch, pause, resume, cancel, recipients", () => {
  it("runs to COMPLETED: recipients, stats and events; each contact once", async () => {
    const c = (await create({ ...vip, audience: { tags: [], excludeTags: ["staff"] } })).json;
    const launched = await post(launch, c.id, "launch");
    expect(launched.status).toBe(200);
    expect(launched.json).toMatchObject({ status: "RUNNING", launchedAt: expect.any(String) });
    expectError(await post(launch, c.id, "launch"), 409, "campaign_not_editable");
    await runUntilIdle(orgId);
    const done = (await get(c.id)).json;
    expect(done.status).toBe("COMPLETED");
    expect(done.completedAt).not.toBeNull();
    // Two "other" contacts have no first name: the fallback fills it.
    expect(done.stats).toMatchObject({ recipients: 7, pending: 0, queued: 7 });
    const page = await rcpts(c.id, { limit: "5" });
    expect(page.json).toHaveLength(5);
    expect(page.json[0]).toEqual({
      contactId: expect.stringMatching(/^ct_/),
      phone: expect.stringMatching(/^\+1415555/),
      messageId: expect.stringMatching(/^msg_/),
      status: "QUEUED",
      skippedReason: null,
      skippedDetail: null,
    });
    const rest = await rcpts(c.id, { limit: "5", cursor: page.headers.get("x-next-cursor")! });
    expect(rest.json).toHaveLength(2);
    const events = await getDb().outboxEvent.findMany({
      where: {
        organizationId: orgId,
        type: { startsWith: "campaign." },
        payload: { path: ["campaignId"], equals: c.id },
      },
      orderBy: { occurredAt: "asc" },
    });
    expect(events.map((e) => e.type)).toEqual(["campaign.started", "campaign.completed"]);
    expect(events[1]!.payload).toMatchObject({ campaignId: c.id, status: "COMPLETED", stats: { queued: 7 } });
    expectError(await post(pause, c.id, "pause"), 409, "campaign_not_editable");
    expectError(await post(cancel, c.id, "cancel"), 409, "campaign_not_editable");
  });

  it("a scheduledAt ahead launches to SCHEDULED; pause, resume and cancel answer 200", async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const s = (await create({ ...vip, scheduledAt: at })).json;
    expect((await post(launch, s.id, "launch")).json.status).toBe("SCHEDULED");
    expect((await patch(s.id, { name: "still editable" })).status).toBe(200);
    expect((await post(cancel, s.id, "cancel")).json.status).toBe("CANCELED");

    const c = (await create(vip)).json;
    await post(launch, c.id, "launch");
    const paused = await post(pause, c.id, "pause");
    expect(paused.json).toMatchObject({ status: "PAUSED", pausedReason: "manual" });
    await runUntilIdle(orgId);
    expect((await get(c.id)).json.stats.queued).toBe(0);
    expect((await post(resume, c.id, "resume")).json).toMatchObject({ status: "RUNNING", pausedReason: null });
    await runUntilIdle(orgId);
    expect((await get(c.id)).json).toMatchObject({ status: "COMPLETED", stats: { queued: 5 } });
  });

  it("skips opted-out recipients and those the template cannot fill, with their reason", async () => {
    await getDb().contactOptOut.create({ data: { organizationId: orgId, phone: "+14155550000", source: "api" } });
    const c = (
      await create({
        ...vip,
        audience: { tags: ["vip", "other"], excludeTags: ["staff"] },
        template: "Hi {{firstName}}",
      })
    ).json;
    await post(launch, c.id, "launch");
    await runUntilIdle(orgId);
    const view = (await get(c.id)).json;
    expect(view.stats).toMatchObject({
      recipients: 7,
      queued: 4,
      skipped: { opted_out: 1, invalid_template: 2, country_not_allowed: 0, frequency_cap: 0 },
    });
    const skipped = (await rcpts(c.id, { status: "SKIPPED" })).json;
    expect(skipped.map((r: { skippedReason: string }) => r.skippedReason).sort()).toEqual([
      "invalid_template",
      "invalid_template",
      "opted_out",
    ]);
    expect(skipped.every((r: { messageId: null }) => r.messageId === null)).toBe(true);
    await getDb().contactOptOut.delete({
      where: { organizationId_phone: { organizationId: orgId, phone: "+14155550000" } },
    });
  });
});

describe("credentials, roles and the audit log", () => {
  it("a key without campaigns.manage gets 403; support reads but cannot change", async () => {
    const narrow = await seedApiKey(orgId, { environment: "test", permissions: ["sms.send"] });
    expectError(await index({}, narrow.rawKey), 403, "insufficient_scope");
    const support = await seedMember(orgId, "support");
    const c = (await create(vip, owner)).json;
    expect(c.environment).toBe("test");
    expect((await get(c.id, support.accessToken)).status).toBe(200);
    expect((await index({}, support.accessToken)).status).toBe(200);
    expectError(await create(vip, support.accessToken), 403, "forbidden");
    expectError(await post(launch, c.id, "launch", undefined, support.accessToken), 403, "forbidden");
    const dev = await seedMember(orgId, "developer");
    expect((await create({ ...vip, environment: "live" }, dev.accessToken)).json.environment).toBe("live");
  });

  it("every change is in the audit log", async () => {
    const c = (await create(vip)).json;
    await patch(c.id, { name: "audited" });
    await post(launch, c.id, "launch");
    await post(pause, c.id, "pause");
    await post(resume, c.id, "resume");
    await post(cancel, c.id, "cancel");
    const entries = await getDb().auditLogEntry.findMany({
      where: { organizationId: orgId, resourceId: c.id },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((e) => e.action)).toEqual([
      "campaign.created",
      "campaign.updated",
      "campaign.launched",
      "campaign.paused",
      "campaign.resumed",
      "campaign.canceled",
    ]);
    expect(entries[1]!.changes).toMatchObject({ before: { name: "VIP sale" }, after: { name: "audited" } });
    expect(entries[0]!.actorType).toBe("apiKey");
  });
});
