import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { newId } from "../../ids";
import { seedOrganization } from "../../test/seed";
import { readCampaignDays } from "./click-stats";
import { trackLinks } from "./insert-tracked-links";

async function campaignTexted(phones: string[], acceptedAt: Date) {
  const { organizationId } = await seedOrganization();
  const campaignId = newId("cmp");
  const db = getDb();
  await db.$executeRawUnsafe(
    `INSERT INTO campaigns (id, organization_id, environment, name, template, status)
     VALUES ($1, $2, 'test', 'Days', 'Hi https://x.example', 'RUNNING')`,
    campaignId,
    organizationId,
  );
  for (const phone of phones) {
    await db.$executeRawUnsafe(
      `INSERT INTO campaign_recipients (campaign_id, contact_id, organization_id, phone, status, not_before, accepted_at)
       VALUES ($1, $2, $3, $4, 'ACCEPTED', $5::timestamptz, $5::timestamptz)`,
      campaignId,
      newId("ct"),
      organizationId,
      phone,
      acceptedAt.toISOString(),
    );
  }
  return { organizationId, campaignId };
}

async function optOut(organizationId: string, phone: string, source: string, at: Date) {
  await getDb().$executeRawUnsafe(
    `INSERT INTO contact_opt_outs (organization_id, phone, source, opted_out_at) VALUES ($1, $2, $3, $4::timestamptz)`,
    organizationId,
    phone,
    source,
    at.toISOString(),
  );
}

describe("campaign days: opt-outs over time", () => {
  it("counts a STOP on its UTC day for a campaign that texted the phone within 7 days, nothing else", async () => {
    const sent = new Date("2026-11-20T10:00:00.000Z");
    const { organizationId, campaignId } = await campaignTexted(
      ["+14155550201", "+14155550202", "+14155550203", "+14155550204"],
      sent,
    );
    await optOut(organizationId, "+14155550201", "keyword", new Date("2026-11-20T23:30:00.000Z"));
    await optOut(organizationId, "+14155550202", "keyword", new Date("2026-11-21T00:30:00.000Z"));
    await optOut(organizationId, "+14155550203", "api", new Date("2026-11-21T00:40:00.000Z")); // not a STOP
    await optOut(organizationId, "+14155550204", "keyword", new Date("2026-11-28T10:00:01.000Z")); // > 7 days
    expect(await readCampaignDays(getDb(), organizationId, campaignId)).toEqual([
      { day: "2026-11-20", clicks: 0, uniqueClicks: 0, optOuts: 1 },
      { day: "2026-11-21", clicks: 0, uniqueClicks: 0, optOuts: 1 },
    ]);
    // The same rule as the campaign's total.
    const [stats] = await getDb().$queryRawUnsafe<{ opt_outs: bigint }[]>(
      `SELECT sum(opt_outs) AS opt_outs FROM campaign_stats WHERE campaign_id = $1`,
      campaignId,
    );
    expect(Number(stats!.opt_outs)).toBe(2);
  });

  it("deleting a campaign deletes its links and day counts", async () => {
    const { organizationId, campaignId } = await campaignTexted(["+14155550301"], new Date());
    await getDb().$transaction((tx) =>
      trackLinks(
        tx,
        { organizationId, campaignId, linkBaseUrl: "https://sg.link", environment: "live" },
        [
          {
            contactId: "ct_1",
            messageId: null,
            phone: "+14155550301",
            text: "https://x.example",
            written: [{ start: 0, end: 17 }],
          },
        ],
        new Date(),
      ),
    );
    await optOut(organizationId, "+14155550301", "keyword", new Date());
    await getDb().$executeRawUnsafe(`DELETE FROM campaigns WHERE id = $1`, campaignId);
    const [left] = await getDb().$queryRawUnsafe<{ links: bigint; days: bigint }[]>(
      `SELECT (SELECT count(*) FROM campaign_links WHERE campaign_id = $1) AS links,
              (SELECT count(*) FROM campaign_daily_stats WHERE campaign_id = $1) AS days`,
      campaignId,
    );
    expect([Number(left!.links), Number(left!.days)]).toEqual([0, 0]);
  });
});
