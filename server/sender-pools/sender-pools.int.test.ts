// Sender pools (contract §15) over the real routes: management with its roles and tenant bounds,
// and sends `from: "pool_…"` choosing sticky, geo-matched, alphanumeric and least-loaded senders.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { call, expectError } from "@/server/test/http";
import { api, seedSender } from "@/server/test/messaging";
import { seedMember, seedOrganization, type SeededMember } from "@/server/test/seed";
import * as list from "@/app/api/v1/developer/sender-pools/route";
import * as byId from "@/app/api/v1/developer/sender-pools/[id]/route";
import { SYSTEM_ACTOR } from "@/server/audit/actor";
import { createContact } from "@/server/contacts/create-contact";
import { createCampaign } from "@/server/campaigns/save-campaign";
import { launchCampaign } from "@/server/campaigns/launch-campaign";
import { runUntilIdle } from "@/server/campaigns/test-kit";
import { callerFor, trpcError } from "@/server/test/trpc";
import { explainWithoutSeqScan, indexNames, seqScans } from "@/server/test/explain";
import { Prisma } from "@/server/db/client";
import { smallestIdAt } from "@/server/ids";
import { STICKY_SQL } from "./resolve-pool";

const base = "/api/v1/developer/sender-pools";
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");
// Numbers are unique across organizations (and test files share PostgreSQL): random, valid ones.
const usNumber = (area: string) => `+1${area}${2 + Math.floor(Math.random() * 8)}${digits(6)}`;
const gbNumber = () => `+44790${digits(7)}`;

async function assign(organizationId: string, ...numbers: string[]) {
  await getDb().phoneNumber.createMany({ data: numbers.map((number) => ({ number, organizationId })) });
}

const create = (token: string, body: unknown) => call(list.POST, base, { token, body });
const get = (token: string, id: string) => call(byId.GET, `${base}/${id}`, { token, params: { id } });
const patch = (token: string, id: string, body: unknown) =>
  call(byId.PATCH, `${base}/${id}`, { method: "PATCH", token, body, params: { id } });
const remove = (token: string, id: string) =>
  call(byId.DELETE, `${base}/${id}`, { method: "DELETE", token, params: { id } });

describe("managing pools", () => {
  let owner: SeededMember;
  let mine: string;
  beforeAll(async () => {
    owner = await seedOrganization("owner");
    mine = usNumber("415");
    await assign(owner.organizationId, mine);
  });

  it("creates, reads, changes and deletes a pool, each in the audit log", async () => {
    const created = await create(owner.accessToken, { name: "Marketing", numbers: [mine, mine] });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^pool_/),
      name: "Marketing",
      numbers: [mine],
      alphanumericSenderId: null,
      stickySender: true,
      geoMatch: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = created.json.id as string;
    expect((await get(owner.accessToken, id)).json).toEqual(created.json);
    expect((await call(list.GET, base, { token: owner.accessToken })).json).toEqual([created.json]);
    const changed = await patch(owner.accessToken, id, { alphanumericSenderId: "Acme", geoMatch: false });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ numbers: [mine], alphanumericSenderId: "Acme", geoMatch: false });
    // Without numbers, the label alone still makes a pool; without both, it is not one.
    expect((await patch(owner.accessToken, id, { numbers: [] })).status).toBe(200);
    expectError(await patch(owner.accessToken, id, { alphanumericSenderId: null }), 400, "invalid_request");
    expect((await remove(owner.accessToken, id)).status).toBe(204);
    expectError(await get(owner.accessToken, id), 404, "not_found");
    const audit = await getDb().auditLogEntry.findMany({
      where: { organizationId: owner.organizationId, resourceId: id },
      orderBy: { id: "asc" },
    });
    expect(audit.map((a) => a.action)).toEqual([
      "senderPool.created",
      "senderPool.updated",
      "senderPool.updated",
      "senderPool.deleted",
    ]);
  });

  it("refuses a number the organization does not have, and a pool with no sender", async () => {
    const other = await seedOrganization("owner");
    const theirs = usNumber("212");
    await assign(other.organizationId, theirs);
    expectError(await create(owner.accessToken, { name: "x", numbers: [mine, theirs] }), 400, "number_not_owned");
    expectError(await create(owner.accessToken, { name: "x", numbers: ["+14155550000"] }), 400, "number_not_owned");
    expectError(await create(owner.accessToken, { name: "x", numbers: [] }), 400, "invalid_request");
    const pool = (await create(owner.accessToken, { name: "ok", numbers: [mine] })).json;
    expectError(await patch(owner.accessToken, pool.id, { numbers: [theirs] }), 400, "number_not_owned");
  });

  it("lets owner, admin and developer manage and support read; another organization sees none", async () => {
    const pool = (await create(owner.accessToken, { name: "Roles", alphanumericSenderId: "Acme" })).json;
    for (const role of ["admin", "developer"] as const) {
      const m = await seedMember(owner.organizationId, role);
      expect((await create(m.accessToken, { name: role, alphanumericSenderId: "Acme" })).status).toBe(201);
      expect((await patch(m.accessToken, pool.id, { name: `by ${role}` })).status).toBe(200);
    }
    const support = await seedMember(owner.organizationId, "support");
    expect((await get(support.accessToken, pool.id)).status).toBe(200);
    expect((await call(list.GET, base, { token: support.accessToken })).status).toBe(200);
    expectError(await create(support.accessToken, { name: "no", alphanumericSenderId: "Acme" }), 403, "forbidden");
    expectError(await patch(support.accessToken, pool.id, { name: "no" }), 403, "forbidden");
    expectError(await remove(support.accessToken, pool.id), 403, "forbidden");

    const stranger = await seedOrganization("owner");
    expectError(await get(stranger.accessToken, pool.id), 404, "not_found");
    expectError(await patch(stranger.accessToken, pool.id, { name: "mine" }), 404, "not_found");
    expectError(await remove(stranger.accessToken, pool.id), 404, "not_found");
    expect((await call(list.GET, base, { token: stranger.accessToken })).json).toEqual([]);
    expect((await get(owner.accessToken, pool.id)).json.name).toBe("by developer");
  });
});

describe("the dashboard's procedures (tRPC)", () => {
  it("call the same functions, with the same roles", async () => {
    const owner = await seedOrganization("owner");
    const mine = usNumber("415");
    await assign(owner.organizationId, mine);
    const caller = callerFor(owner.userId, owner.organizationId);
    const pool = await caller.senderPools.create({ name: "Dash", numbers: [mine] });
    expect(await caller.senderPools.byId({ id: pool.id })).toEqual(pool);
    const updated = await caller.senderPools.update({ id: pool.id, patch: { stickySender: false } });
    expect(updated.stickySender).toBe(false);
    const support = await seedMember(owner.organizationId, "support");
    const supportCaller = callerFor(support.userId, owner.organizationId);
    expect((await supportCaller.senderPools.list()).map((p) => p.id)).toEqual([pool.id]);
    expect((await trpcError(supportCaller.senderPools.delete({ id: pool.id }))).code).toBe("FORBIDDEN");
    await caller.senderPools.delete({ id: pool.id });
    expect(await caller.senderPools.list()).toEqual([]);
  });
});

describe("sending through a pool", () => {
  let org: Awaited<ReturnType<typeof seedSender>>;
  const n415 = usNumber("415");
  const n212 = usNumber("212");
  const nGb = gbNumber();

  async function setQueue(sender: string, segments: number) {
    await getDb().senderQueue.upsert({
      where: { organizationId_sender: { organizationId: org.organizationId, sender } },
      create: { organizationId: org.organizationId, sender, mps: 1, queuedSegments: segments },
      update: { queuedSegments: segments },
    });
  }
  async function pool(body: Record<string, unknown>): Promise<string> {
    const res = await create(org.accessToken, { name: "Pool", ...body });
    expect(res.status).toBe(201);
    return res.json.id;
  }
  const send = (from: string, to: string) => api.send(org.testKey, { to, body: "Hello", from });

  beforeAll(async () => {
    org = await seedSender();
    await assign(org.organizationId, n415, n212, nGb);
  });

  it("picks sticky, then geo-match by area code and country, then the label, and shows from and poolId", async () => {
    const id = await pool({ numbers: [n415, n212, nGb], alphanumericSenderId: "Acme" });
    await setQueue(n415, 5);
    await setQueue(n212, 0);
    // Another US area code: the least loaded US number.
    const elsewhere = usNumber("305");
    const first = await send(id, elsewhere);
    expect(first.status).toBe(202);
    expect(first.json).toMatchObject({ from: n212, poolId: id });
    const status = await api.status(org.testKey, first.json.messageId);
    expect(status.json).toMatchObject({ from: n212, poolId: id });

    // Sticky: the same recipient stays on +1212 although its queue is now the longest.
    await setQueue(n212, 100);
    expect((await send(id, elsewhere)).json.from).toBe(n212);
    // A 415 recipient: the number of its area code.
    expect((await send(id, usNumber("415"))).json.from).toBe(n415);
    // A UK recipient: the UK number, before the label.
    expect((await send(id, gbNumber())).json.from).toBe(nGb);
    // Germany: no local number, and labels are allowed there.
    expect((await send(id, "+4915112345678")).json.from).toBe("Acme");
  });

  it("with geo-match and stickiness off and no label, the least loaded number, ties by least recent use", async () => {
    const id = await pool({ numbers: [n415, n212], stickySender: false, geoMatch: false });
    await setQueue(n415, 3);
    await setQueue(n212, 7);
    expect((await send(id, "+4915112345679")).json.from).toBe(n415);
    await setQueue(n415, 7);
    // Equal queues: the one whose queue moved longer ago.
    await getDb().senderQueue.update({
      where: { organizationId_sender: { organizationId: org.organizationId, sender: n212 } },
      data: { updatedAt: new Date(Date.now() - 60_000) },
    });
    expect((await send(id, "+4915112345679")).json.from).toBe(n212);
  });

  it("answers no_sender_for_country where the pool cannot serve the recipient (by index in bulk)", async () => {
    const id = await pool({ alphanumericSenderId: "Acme" });
    expectError(await send(id, usNumber("415")), 400, "no_sender_for_country");
    const bulk = await api.bulk(org.testKey, {
      from: id,
      messages: [
        { to: usNumber("212"), body: "one" },
        { to: "+4915112345670", body: "two" },
      ],
    });
    expect(bulk.status).toBe(202);
    expect(bulk.json).toMatchObject({
      accepted: 1,
      rejected: 1,
      errors: [{ index: 0, code: "no_sender_for_country" }],
      messages: [{ index: 1 }],
    });
    const row = await getDb().message.findFirstOrThrow({
      where: { organizationId: org.organizationId, id: bulk.json.messages[0].messageId },
    });
    expect({ from: row.from, poolId: row.poolId }).toEqual({ from: "Acme", poolId: id });
  });

  it("answers 404 for a pool of another organization, and a send without a pool has poolId null", async () => {
    const other = await seedOrganization("owner");
    const theirs = (await create(other.accessToken, { name: "Theirs", alphanumericSenderId: "Them" })).json.id;
    expectError(await send(theirs, "+4915112345671"), 404, "not_found");
    const plain = await send(n415, "+4915112345671");
    expect(plain.json).not.toHaveProperty("poolId");
    expect((await api.status(org.testKey, plain.json.messageId)).json.poolId).toBeNull();
  });
});

describe("scheduled and campaign sends through a pool", () => {
  it("a scheduled send takes its pool's sender at acceptance", async () => {
    const org = await seedSender();
    const mine = usNumber("415");
    await assign(org.organizationId, mine);
    const id = (await create(org.accessToken, { name: "Later", numbers: [mine] })).json.id;
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const res = await api.send(org.testKey, { to: usNumber("212"), body: "Later", from: id, sendAt });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: "SCHEDULED", from: mine, poolId: id });
  });

  it("a campaign from a pool sends each recipient from its sender, and skips whom the pool cannot serve", async () => {
    const org = await seedSender();
    const scope = { organizationId: org.organizationId, environment: "test" as const, apiKeyId: null };
    await expect(
      createCampaign(getDb(), scope, { name: "c", template: "Hi", from: "pool_nope" }, SYSTEM_ACTOR),
    ).rejects.toMatchObject({ code: "invalid_request" });
    const id = (await create(org.accessToken, { name: "Label", alphanumericSenderId: "Acme" })).json.id;
    const past = new Date(Date.now() - 60_000);
    const us = usNumber("415");
    for (const phone of [us, "+4915112345672"]) await createContact(getDb(), org.organizationId, { phone }, past);
    const campaign = await createCampaign(getDb(), scope, { name: "c", template: "Hi", from: id }, SYSTEM_ACTOR);
    await launchCampaign(getDb(), { organizationId: org.organizationId }, campaign.id, SYSTEM_ACTOR);
    await runUntilIdle(org.organizationId);
    const messages = await getDb().message.findMany({
      where: { organizationId: org.organizationId, batchId: campaign.id },
    });
    expect(messages.map((m) => ({ to: m.to, from: m.from, poolId: m.poolId }))).toEqual([
      { to: "+4915112345672", from: "Acme", poolId: id },
    ]);
    const skipped = await getDb().campaignRecipient.findFirstOrThrow({ where: { campaignId: campaign.id, phone: us } });
    expect(skipped).toMatchObject({ status: "SKIPPED", skippedReason: "country_not_allowed" });
    expect(skipped.skippedDetail).toContain("sender pool");
  });
});

describe("the sticky lookup", () => {
  it("probes each recipient through the (organization_id, to_number, id) index, never a scan", async () => {
    const org = await seedSender();
    const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;
    // The statement as resolvePoolSenders runs it, its parameters written in.
    const params = [
      quote(org.organizationId),
      `ARRAY[${quote(usNumber("415"))}, ${quote(usNumber("212"))}]`,
      quote(smallestIdAt("msg", new Date(Date.now() - 30 * 86_400_000))),
      `ARRAY[${quote(usNumber("305"))}]`,
      quote("test"),
    ];
    const sql = params.reduceRight((text, value, i) => text.replaceAll(`$${i + 1}`, value), STICKY_SQL);
    const plan = await explainWithoutSeqScan(Prisma.raw(sql));
    expect(seqScans(plan)).toEqual([]);
    expect(indexNames(plan)).toContain("messages_organization_id_to_number_id_idx");
  });
});
