// Retention of a campaign's link rows (server/retention/statements.ts DELETE_CAMPAIGN_LINKS): links go
// at their message's age, unique-click rows with the last of a recipient's links, and the campaign's
// stats and days read the same after retention as before.
import { describe, expect, it } from "vitest";
import { getDb, getDriver } from "../../db/client";
import { rawQuery } from "../../db/driver";
import { SYSTEM_ACTOR } from "../../audit/actor";
import { seedSender } from "../../test/messaging";
import { runRetentionFor } from "../../test/retention-fixtures";
import { createCampaign } from "../save-campaign";
import { getCampaignView } from "../get-campaign-or-throw";
import { launchCampaign } from "../launch-campaign";
import { testSendCampaign } from "../preview-campaign";
import { runPipeline, runUntilIdle, seedContacts } from "../test-kit";
import { answerLinkRequest } from "./redirect";
import { readCampaignDays } from "./click-stats";

const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1";
const DAY_MS = 24 * 60 * 60 * 1000;
async function rowsOf(campaignId: string) {
  const [row] = await rawQuery<{ links: number; clickers: number; messages: number; days: number }>(
    getDriver(),
    `SELECT (SELECT count(*) FROM campaign_links WHERE campaign_id = $1)::int AS links,
            (SELECT count(*) FROM campaign_link_clickers WHERE campaign_id = $1)::int AS clickers,
            (SELECT count(*) FROM messages WHERE batch_id = $1)::int AS messages,
            (SELECT count(*) FROM campaign_daily_stats WHERE campaign_id = $1)::int AS days`,
    [campaignId],
  );
  return row!;
}

/** A delivered sandbox campaign of 4 recipients, each with 2 links, some clicked, and a STOP. */
async function clickedCampaign() {
  const org = (await seedSender()).organizationId;
  await seedContacts(org, 4, { first: 4300, at: new Date(Date.now() - 120_000) });
  const c = await createCampaign(
    getDb(),
    { organizationId: org, environment: "test", apiKeyId: null },
    {
      name: "retained",
      template: "Hi {{firstName}}: https://shop.example/a and https://shop.example/b",
      linkTracking: true,
    },
    SYSTEM_ACTOR,
    new Date(),
  );
  await testSendCampaign(getDb(), { organizationId: org }, c.id, { to: "+14155559990" }, null);
  await launchCampaign(getDb(), { organizationId: org }, c.id, SYSTEM_ACTOR, new Date());
  await runUntilIdle(org);
  await runPipeline(org);
  const links = await getDb().campaignLink.findMany({
    where: { campaignId: c.id, NOT: { contactId: null } },
    orderBy: [{ contactId: "asc" }, { url: "asc" }],
  });
  expect(links).toHaveLength(8);
  // Recipient 0 taps both links (one unique), recipient 1 taps one twice, a bot previews recipient 2's.
  // Each tap from its own address: one client's repeat within ten minutes would count once.
  for (const [n, i] of [0, 1, 2, 2].entries()) {
    await answerLinkRequest("GET", links[i]!.code, BROWSER, new Date(), `198.51.100.${n + 1}`);
  }
  await answerLinkRequest("GET", links[4]!.code, "facebookexternalhit/1.1");
  await getDb().$executeRawUnsafe(
    `INSERT INTO contact_opt_outs (organization_id, phone, source) VALUES ($1, $2, 'keyword')`,
    org,
    links[6]!.phone,
  );
  return { org, campaignId: c.id, links };
}

describe("retention of campaign links", () => {
  it("deletes links and unique-click rows at their messages' age; stats and days are the same after", async () => {
    const { org, campaignId } = await clickedCampaign();
    const stats = (await getCampaignView(getDb(), { organizationId: org }, campaignId)).stats;
    expect(stats).toMatchObject({ recipients: 4, delivered: 4, clicks: 4, uniqueClicks: 2, optOuts: 1 });
    const days = await readCampaignDays(getDb(), org, campaignId);
    expect(await rowsOf(campaignId)).toEqual({ links: 10, clickers: 2, messages: 4, days: 1 });

    // A day short of the messages' age: nothing goes.
    const young = await runRetentionFor(org, new Date(Date.now() + 399 * DAY_MS));
    expect(young.rows.campaignLinks).toBe(0);
    expect(await rowsOf(campaignId)).toMatchObject({ links: 10, clickers: 2 });

    const report = await runRetentionFor(org, new Date(Date.now() + 401 * DAY_MS));
    expect(report.finished).toBe(true);
    // 8 recipients' links and the test send's 2; the 2 unique-click rows with them.
    expect(report.rows.campaignLinks).toBe(10);
    expect(report.related.campaignLinks).toBe(2);
    expect(await rowsOf(campaignId)).toEqual({ links: 0, clickers: 0, messages: 0, days: 1 });
    expect((await getCampaignView(getDb(), { organizationId: org }, campaignId)).stats).toEqual(stats);
    expect(await readCampaignDays(getDb(), org, campaignId)).toEqual(days);
  });

  it("keeps a recipient's unique click while one of its links remains, so a later tap is not a new unique click", async () => {
    const { org, campaignId, links } = await clickedCampaign();
    const before = (await getCampaignView(getDb(), { organizationId: org }, campaignId)).stats;
    const clicked = new Set([links[0]!.contactId, links[2]!.contactId]);
    let probed = false;
    // One link per batch: after each, every recipient who clicked and still has a link keeps its row.
    await runRetentionFor(org, new Date(Date.now() + 401 * DAY_MS), {
      batchSize: 1,
      budgetMs: 120_000,
      onBatch: async ({ kind }) => {
        if (kind !== "campaignLinks") return;
        const rows = await rawQuery<{ contact_id: string; links: number; clicker: boolean }>(
          getDriver(),
          `SELECT l.contact_id, count(*)::int AS links,
                  EXISTS (SELECT 1 FROM campaign_link_clickers c
                          WHERE c.campaign_id = $1 AND c.contact_id = l.contact_id) AS clicker
           FROM campaign_links l WHERE l.campaign_id = $1 AND l.contact_id IS NOT NULL GROUP BY l.contact_id`,
          [campaignId],
        );
        for (const r of rows) expect(r.clicker, r.contact_id).toBe(clicked.has(r.contact_id));
        const left = rows.find((r) => clicked.has(r.contact_id) && r.links === 1);
        if (left && !probed) {
          probed = true;
          const [link] = await getDb().campaignLink.findMany({ where: { campaignId, contactId: left.contact_id } });
          await answerLinkRequest("GET", link!.code, BROWSER, new Date(), "198.51.100.99");
        }
      },
    });
    expect(probed).toBe(true);
    const after = (await getCampaignView(getDb(), { organizationId: org }, campaignId)).stats;
    // The probe's tap is one more click, and not one more unique click.
    expect(after).toEqual({ ...before, clicks: before.clicks + 1 });
    expect(await rowsOf(campaignId)).toMatchObject({ links: 0, clickers: 0 });
  });
});
