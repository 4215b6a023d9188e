// The campaign stats are spread over stripes (migration 20261128010000): each writing transaction
// adds to its own row and reads sum them. Their sum equals a recount, and stays put when retention
// deletes the messages it was counted from.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb, getDriver } from "../../db/client";
import { SYSTEM_ACTOR } from "../../audit/actor";
import { seedSender } from "../../test/messaging";
import { runRetention } from "../../retention/run-retention";
import { createCampaign } from "../save-campaign";
import { getCampaignView } from "../get-campaign-or-throw";
import { launchCampaign } from "../launch-campaign";
import { recountCampaignStats } from "./recount";
import { runPipeline, runUntilIdle, seedContacts } from "../test-kit";

let org: string;

beforeEach(async () => {
  org = (await seedSender()).organizationId;
});

describe("striped campaign stats", () => {
  it("many transactions, several rows; their sum equals a recount, and retention leaves it exact", async () => {
    const at = new Date(Date.now() - 3_600_000);
    for (let i = 0; i < 3; i++) await seedContacts(org, 1000, { first: i * 1000, prefix: "+141555", at });
    // Six without a first name and no fallback: skipped invalid_template, in the same batches.
    await seedContacts(org, 6, { prefix: "+1415666", at, firstName: null });
    await getDb().contactOptOut.create({ data: { organizationId: org, phone: "+1415550007", source: "api" } });
    const scope = { organizationId: org };
    const c = await createCampaign(
      getDb(),
      { ...scope, environment: "test", apiKeyId: null },
      { name: "stripes", template: "Hi {{firstName}}" },
      SYSTEM_ACTOR,
    );
    await launchCampaign(getDb(), scope, c.id, SYSTEM_ACTOR);
    await runUntilIdle(org, { lanes: 4 });
    await runPipeline(org);

    const rows = await getDb().campaignStats.findMany({ where: { campaignId: c.id } });
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.length).toBeLessThanOrEqual(16);
    expect(new Set(rows.map((r) => r.stripe)).size).toBe(rows.length);
    const view = await getCampaignView(getDb(), scope, c.id);
    expect(view.stats).toMatchObject({
      recipients: 3006,
      pending: 0,
      queued: 0,
      delivered: 2999,
      skipped: { opted_out: 1, invalid_template: 6, contact_deleted: 0 },
    });
    expect(await recountCampaignStats(getDb(), c.id)).toEqual(view.stats);

    // Retention deletes the delivered messages; the aggregate keeps what they counted.
    const later = new Date(Date.now() + 3 * 86_400_000);
    const policy = {
      messageBodyDays: 1,
      messageDays: 1,
      outboxEventDays: 1,
      webhookLogDays: 1,
      auditLogDays: 365,
      fraudCounterDays: 1,
      requestLogDays: 30,
    };
    const noPause = { minPauseMs: 0, busyShare: 1, sleep: async () => {} };
    for (let i = 0; i < 20; i++) {
      const r = await runRetention(getDriver(), policy, later, { organizationId: org, batchSize: 1000, ...noPause });
      if (r.finished) break;
    }
    expect(await getDb().message.count({ where: { organizationId: org, batchId: c.id } })).toBe(0);
    expect((await getCampaignView(getDb(), scope, c.id)).stats).toEqual(view.stats);
  }, 120_000);
});
