// The delivery rules of contract §11 through the runner, with an injected clock: quiet hours in
// each recipient's zone, the frequency cap, the throttle, a STOP mid-campaign, the spend limit's
// pause and resume, and stats equal to a recount.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { SYSTEM_ACTOR } from "../../audit/actor";
import { seedSender } from "../../test/messaging";
import { receiveInboundMessage } from "../../inbound/receive-inbound";
import { SANDBOX_RECEIVING_NUMBER } from "../../inbound/simulate-inbound";
import { createCampaign } from "../save-campaign";
import { getCampaignView } from "../get-campaign-or-throw";
import { cancelCampaign, launchCampaign, resumeCampaign } from "../launch-campaign";
import { runCampaignsOnce } from "../runner/run-once";
import { expandBatch } from "../expansion/expand-batch";
import { listRecipients } from "../list-recipients";
import { deleteContact } from "../../contacts/delete-contact";
import { recountCampaignStats } from "../stats/recount";
import { runPipeline, runUntilIdle, seedContacts } from "../test-kit";
import type { CreateCampaignInput } from "@/schemas/campaigns";

let org: string;
const BEFORE = new Date("2026-11-01T00:00:00Z");

beforeEach(async () => {
  org = (await seedSender()).organizationId;
});

async function start(input: Partial<CreateCampaignInput>, at: Date, environment: "test" | "live" = "test") {
  const c = await createCampaign(
    getDb(),
    { organizationId: org, environment, apiKeyId: null },
    { name: "c", template: "Hi {{firstName|there}}", ...input },
    SYSTEM_ACTOR,
    at,
  );
  await launchCampaign(getDb(), { organizationId: org }, c.id, SYSTEM_ACTOR, at);
  return c.id;
}

const view = (id: string) => getCampaignView(getDb(), { organizationId: org }, id);
const run = (at: Date) => runUntilIdle(org, { now: () => at });

async function messagesPerPhone(campaignId: string): Promise<Map<string, number>> {
  const rows = await getDb().message.groupBy({
    by: ["to"],
    where: { organizationId: org, batchId: campaignId },
    _count: true,
  });
  return new Map(rows.map((r) => [r.to, r._count]));
}

describe("send window in each recipient's time zone", () => {
  it("09:00–20:00: New York at 09:30 is texted, Los Angeles (06:30) waits until 09:00 there", async () => {
    await seedContacts(org, 3, { prefix: "+1212555", first: 100, at: BEFORE });
    await seedContacts(org, 2, { prefix: "+1213555", first: 100, at: BEFORE });
    const t0 = new Date("2026-11-20T14:30:00Z"); // 09:30 EST, 06:30 PST
    const id = await start({ sendWindow: { start: "09:00", end: "20:00" } }, t0);
    await run(t0);
    const first = await messagesPerPhone(id);
    expect([...first.keys()].sort()).toEqual(["+12125550100", "+12125550101", "+12125550102"]);
    expect((await view(id)).stats).toMatchObject({ recipients: 5, pending: 2, queued: 3 });
    expect((await view(id)).status).toBe("RUNNING");
    // Nothing moves before 09:00 in Los Angeles (17:00 UTC) …
    await run(new Date("2026-11-20T16:59:00Z"));
    expect((await view(id)).stats.pending).toBe(2);
    // … and at 09:00 both are texted.
    await run(new Date("2026-11-20T17:00:00Z"));
    const v = await view(id);
    expect(v).toMatchObject({ status: "COMPLETED", stats: { pending: 0, queued: 5 } });
    expect([...(await messagesPerPhone(id)).values()]).toEqual([1, 1, 1, 1, 1]);
  });

  it("a window crossing midnight (20:00–08:00) holds New York at 14:30 until 20:00", async () => {
    await seedContacts(org, 1, { prefix: "+1212555", first: 200, at: BEFORE });
    const t0 = new Date("2026-11-20T19:30:00Z"); // 14:30 EST
    const id = await start({ sendWindow: { start: "20:00", end: "08:00" } }, t0);
    await run(t0);
    expect((await view(id)).stats.pending).toBe(1);
    await run(new Date("2026-11-21T01:00:00Z")); // 20:00 EST
    expect((await view(id)).stats).toMatchObject({ pending: 0, queued: 1 });
  });
});

describe("frequency cap", () => {
  it("skips a phone another campaign texted within the cap, not after it", async () => {
    await seedContacts(org, 4, { at: BEFORE });
    const t0 = new Date("2026-11-20T12:00:00Z");
    const a = await start({}, t0);
    await run(t0);
    expect((await view(a)).stats.queued).toBe(4);
    const later = new Date(t0.getTime() + 23 * 3_600_000);
    const b = await start({ frequencyCapHours: 24 }, later);
    await run(later);
    expect((await view(b)).stats).toMatchObject({ recipients: 4, queued: 0, skipped: { frequency_cap: 4 } });
    const recipients = await getDb().campaignRecipient.findMany({ where: { campaignId: b } });
    expect(recipients.every((r) => r.status === "SKIPPED" && r.skippedReason === "frequency_cap")).toBe(true);
    const after = new Date(t0.getTime() + 25 * 3_600_000);
    const c = await start({ frequencyCapHours: 24 }, after);
    await run(after);
    // b's skips never count as texts: only a's, 25 hours ago, and that is past the cap.
    expect((await view(c)).stats).toMatchObject({ queued: 4, skipped: { frequency_cap: 0 } });
  });
});

describe("throttle", () => {
  it("throttlePerMinute 60: one a second, however often the runner passes", async () => {
    await seedContacts(org, 30, { at: BEFORE });
    const t0 = new Date("2026-11-20T12:00:00Z");
    const id = await start({ throttlePerMinute: 60 }, t0);
    for (let s = 0; s <= 10; s++) {
      const at = new Date(t0.getTime() + s * 1000);
      await runCampaignsOnce({ organizationId: org, now: () => at });
      await runCampaignsOnce({ organizationId: org, now: () => at });
    }
    expect((await view(id)).stats.queued).toBe(10);
    await run(new Date(t0.getTime() + 12_000));
    expect((await view(id)).stats.queued).toBeLessThanOrEqual(12);
  });
});

describe("a STOP in the middle of a campaign", () => {
  it("a texted recipient's STOP counts in optOuts; one not yet texted is skipped opted_out", async () => {
    await seedContacts(org, 3, { at: BEFORE });
    const t0 = new Date("2026-11-20T12:00:00Z");
    const id = await start({ throttlePerMinute: 60 }, t0);
    await runCampaignsOnce({ organizationId: org, now: () => new Date(t0.getTime() + 1000) });
    const texted = [...(await messagesPerPhone(id)).keys()];
    expect(texted).toHaveLength(1);
    const waiting = ["+14155550000", "+14155550001", "+14155550002"].find((p) => p !== texted[0])!;
    const stopAt = new Date(t0.getTime() + 1500);
    for (const from of [texted[0]!, waiting]) {
      await receiveInboundMessage(
        getDb(),
        {
          from,
          to: SANDBOX_RECEIVING_NUMBER,
          body: "STOP",
          environment: "test",
          organizationId: org,
          provider: "sandbox",
          receivedAt: stopAt,
        },
        stopAt,
      );
    }
    await run(new Date(t0.getTime() + 10_000));
    const v = await view(id);
    expect(v).toMatchObject({
      status: "COMPLETED",
      stats: { recipients: 3, queued: 2, optOuts: 1, skipped: { opted_out: 1 } },
    });
    expect((await messagesPerPhone(id)).get(waiting)).toBeUndefined();
  });
});

describe("the spend limit", () => {
  it("pauses with spending_limit_reached; resume finishes and texts nobody twice", async () => {
    await seedContacts(org, 12, { at: BEFORE });
    const t0 = new Date("2026-11-20T12:00:00Z");
    const id = await start({ template: "Sale today" }, t0, "live");
    // Room for 5 one-segment US messages (their price × 5), set after the estimate.
    const one = Number((await view(id)).estimate.price.replace(".", "")) / 12;
    await getDb().organization.update({ where: { id: org }, data: { monthlySpendLimitUnits: BigInt(one * 5) } });
    await run(t0);
    let v = await view(id);
    expect(v).toMatchObject({
      status: "PAUSED",
      pausedReason: "spending_limit_reached",
      stats: { queued: 5, pending: 7 },
    });
    expect(v.stats.spend).toBe(((one * 5) / 10_000).toFixed(4));
    const paused = await getDb().outboxEvent.findMany({ where: { organizationId: org, type: "campaign.paused" } });
    expect(paused).toHaveLength(1);
    // Still paused: the runner leaves it.
    await run(t0);
    expect((await view(id)).stats.queued).toBe(5);
    await getDb().organization.update({ where: { id: org }, data: { monthlySpendLimitUnits: null } });
    await resumeCampaign(getDb(), { organizationId: org }, id, SYSTEM_ACTOR, t0);
    await run(t0);
    v = await view(id);
    expect(v).toMatchObject({ status: "COMPLETED", pausedReason: null, stats: { queued: 12, pending: 0 } });
    const perPhone = await messagesPerPhone(id);
    expect(perPhone.size).toBe(12);
    expect([...perPhone.values()].every((n) => n === 1)).toBe(true);
  });
});

describe("stats", () => {
  it("equal a recount of the recipients and messages after delivery", async () => {
    await seedContacts(org, 6, { at: BEFORE });
    await seedContacts(org, 2, { first: 100, at: BEFORE, firstName: null });
    await getDb().contactOptOut.create({ data: { organizationId: org, phone: "+14155550001", source: "api" } });
    const id = await start({ template: "Hi {{firstName}}" }, new Date());
    await runUntilIdle(org);
    await runPipeline(org);
    const v = await view(id);
    expect(v.stats).toMatchObject({ recipients: 8, pending: 0, queued: 0, delivered: 5 });
    expect(await recountCampaignStats(getDb(), id)).toEqual(v.stats);
  });
});

describe("a contact deleted after the audience is fixed", () => {
  it("is skipped contact_deleted: never texted, never billed, counted in the skips", async () => {
    await seedContacts(org, 4, { at: BEFORE });
    const t0 = new Date("2026-11-20T12:00:00Z");
    const id = await start({ template: "Hi {{firstName|there}}" }, t0, "live");
    // The audience is fixed (expanded) before any message goes out; then one contact is deleted.
    expect((await expandBatch({ organizationId: org, id }, t0)).added).toBe(4);
    const gone = await getDb().contact.findFirstOrThrow({ where: { organizationId: org, phone: "+14155550002" } });
    await deleteContact(getDb(), org, gone.id);
    await run(t0);
    const v = await view(id);
    const one = Number(v.estimate.price.replace(".", "")) / 4;
    expect(v).toMatchObject({
      status: "COMPLETED",
      stats: { recipients: 4, pending: 0, queued: 3, skipped: { contact_deleted: 1, invalid_template: 0 } },
    });
    expect(v.stats.spend).toBe(((one * 3) / 10_000).toFixed(4));
    expect((await messagesPerPhone(id)).has("+14155550002")).toBe(false);
    expect((await messagesPerPhone(id)).size).toBe(3);
    const skipped = await listRecipients(getDb(), { organizationId: org }, id, { status: "SKIPPED" });
    expect(skipped.items).toEqual([
      {
        contactId: gone.id,
        phone: "+14155550002",
        messageId: null,
        status: "SKIPPED",
        skippedReason: "contact_deleted",
        skippedDetail: null,
      },
    ]);
    expect(await recountCampaignStats(getDb(), id)).toEqual(v.stats);
  });
});

describe("link tracking", () => {
  it("each accepted recipient gets short links of its own; a skipped one gets none", async () => {
    await seedContacts(org, 3, { at: BEFORE });
    await getDb().contactOptOut.create({ data: { organizationId: org, phone: "+14155550002", source: "api" } });
    const id = await start({ template: "Sale: https://shop.example/sale?x=1 now", linkTracking: true }, new Date());
    await runUntilIdle(org);
    const messages = await getDb().message.findMany({ where: { organizationId: org, batchId: id } });
    expect(messages).toHaveLength(2);
    const links = await getDb().$queryRawUnsafe<{ code: string; message_id: string; url: string; phone: string }[]>(
      `SELECT code, message_id, url, phone FROM campaign_links WHERE campaign_id = $1`,
      id,
    );
    expect(links).toHaveLength(2);
    for (const m of messages) {
      const link = links.find((l) => l.message_id === m.id)!;
      expect(link).toMatchObject({ url: "https://shop.example/sale?x=1", phone: m.to });
      expect(m.body).toContain(`/l/${link.code} now`);
      expect(m.body).not.toContain("shop.example");
    }
    expect(links[0]!.code).not.toBe(links[1]!.code);
  });
});

describe("cancel", () => {
  it("mid-campaign: those still waiting become CANCELED and are never texted; stats equal a recount", async () => {
    await seedContacts(org, 8, { at: BEFORE });
    const t0 = new Date("2026-11-20T12:00:00Z");
    const id = await start({ throttlePerMinute: 60 }, t0);
    await run(new Date(t0.getTime() + 3000));
    const texted = (await view(id)).stats.queued;
    expect(texted).toBeGreaterThan(0);
    expect(texted).toBeLessThan(8);
    await cancelCampaign(getDb(), { organizationId: org }, id, SYSTEM_ACTOR, new Date(t0.getTime() + 3500));
    await run(new Date(t0.getTime() + 60_000));
    const v = await view(id);
    expect(v).toMatchObject({ status: "CANCELED", stats: { pending: 0, queued: texted, canceled: 8 - texted } });
    expect((await messagesPerPhone(id)).size).toBe(texted);
    expect(await recountCampaignStats(getDb(), id)).toEqual(v.stats);
  });
});
