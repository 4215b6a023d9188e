// Link tracking through the campaigns runner (contract §11): each recipient's message carries its
// own short links, priced as sent; only accepted messages get link rows; a click shows in the
// campaign's stats and equals a recount.
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { SYSTEM_ACTOR } from "../../audit/actor";
import { seedSender } from "../../test/messaging";
import { createCampaign } from "../save-campaign";
import { getCampaignView } from "../get-campaign-or-throw";
import { launchCampaign } from "../launch-campaign";
import { runUntilIdle, seedContacts } from "../test-kit";
import { answerLinkRequest } from "./redirect";

const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1";
const BEFORE = new Date("2026-11-01T00:00:00Z");

describe("a campaign with link tracking", () => {
  it("texts each recipient its own links, counts the clicks in the campaign's stats", async () => {
    const org = (await seedSender()).organizationId;
    await seedContacts(org, 4, { first: 700, at: BEFORE });
    // One recipient opted out: refused at acceptance, so no link row is written for it.
    await getDb().$executeRawUnsafe(
      `INSERT INTO contact_opt_outs (organization_id, phone, source) VALUES ($1, '+14155550703', 'api')`,
      org,
    );
    const at = new Date();
    const c = await createCampaign(
      getDb(),
      { organizationId: org, environment: "test", apiKeyId: null },
      { name: "links", template: "Hi {{firstName}}: https://shop.example/spring?utm=sms", linkTracking: true },
      SYSTEM_ACTOR,
      at,
    );
    await launchCampaign(getDb(), { organizationId: org }, c.id, SYSTEM_ACTOR, at);
    await runUntilIdle(org);

    const messages = await getDb().message.findMany({
      where: { organizationId: org, batchId: c.id },
      orderBy: { to: "asc" },
    });
    expect(messages).toHaveLength(3);
    const codes = messages.map((m) => {
      const match = /^Hi Name\d+: http:\/\/localhost:\d+\/l\/([0-9A-Za-z]{12}) Reply STOP to opt out\.$/.exec(
        m.body ?? "",
      );
      expect(match, m.body ?? "").not.toBeNull();
      return match![1]!;
    });
    expect(new Set(codes).size).toBe(3);
    const links = await getDb().campaignLink.findMany({ where: { campaignId: c.id } });
    expect(links.map((l) => l.messageId).sort()).toEqual(messages.map((m) => m.id).sort());
    expect(links.every((l) => l.url === "https://shop.example/spring?utm=sms")).toBe(true);

    // Two people on the first link (one client's repeat within ten minutes would count once).
    await answerLinkRequest("GET", codes[0]!, BROWSER, new Date(), "198.51.100.1");
    await answerLinkRequest("GET", codes[0]!, BROWSER, new Date(), "198.51.100.2");
    await answerLinkRequest("GET", codes[1]!, BROWSER);
    await answerLinkRequest("GET", codes[2]!, "facebookexternalhit/1.1");
    const view = await getCampaignView(getDb(), { organizationId: org }, c.id);
    expect(view.stats).toMatchObject({ clicks: 3, uniqueClicks: 2, skipped: { opted_out: 1 } });
    const total = await getDb().campaignLink.aggregate({ where: { campaignId: c.id }, _sum: { clicks: true } });
    expect(total._sum.clicks).toBe(view.stats.clicks);
  });
});
