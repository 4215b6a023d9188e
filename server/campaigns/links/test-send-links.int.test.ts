// A campaign's test send as the message will be sent (contract §11): real tracked short links that
// redirect to the original URL, counted in its segments and price, written in the message's
// transaction; their clicks never reach the campaign's stats, days, unique clicks or events.
import { describe, expect, it } from "vitest";
import { getDb, getDriver } from "../../db/client";
import { SYSTEM_ACTOR } from "../../audit/actor";
import { rawQuery } from "../../db/driver";
import { seedSender } from "../../test/messaging";
import { createCampaign } from "../save-campaign";
import { getCampaignView } from "../get-campaign-or-throw";
import { launchCampaign } from "../launch-campaign";
import { testSendCampaign } from "../preview-campaign";
import { runUntilIdle, seedContacts } from "../test-kit";
import { answerLinkRequest } from "./redirect";
import { listMessages } from "../../messages/list-messages";

const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1";
const URL_A = "https://shop.example/spring?utm=sms";
const URL_B = "https://shop.example/terms";
const TEMPLATE = `Hi {{firstName|there}}: ${URL_A} (terms ${URL_B})`;
const SHORT = /http:\/\/localhost:\d+\/l\/([0-9A-Za-z]{12})/g;

async function campaignOf(organizationId: string, linkTracking = true) {
  return createCampaign(
    getDb(),
    { organizationId, environment: "test", apiKeyId: null },
    { name: "test links", template: TEMPLATE, linkTracking },
    SYSTEM_ACTOR,
    new Date(),
  );
}

async function countsOf(campaignId: string, organizationId: string) {
  const [row] = await rawQuery<{ days: number; clickers: number; events: number }>(
    getDriver(),
    `SELECT (SELECT count(*) FROM campaign_daily_stats WHERE campaign_id = $1)::int AS days,
            (SELECT count(*) FROM campaign_link_clickers WHERE campaign_id = $1)::int AS clickers,
            (SELECT count(*) FROM outbox_events WHERE organization_id = $2 AND type = 'link.clicked')::int AS events`,
    [campaignId, organizationId],
  );
  return row!;
}

describe("a campaign's test send", () => {
  it("carries real short links that redirect, priced as sent, and its clicks are not campaign clicks", async () => {
    const org = (await seedSender()).organizationId;
    const c = await campaignOf(org);
    const sent = await testSendCampaign(getDb(), { organizationId: org }, c.id, { to: "+14155559999" }, null);

    const codes = [...sent.body.matchAll(SHORT)].map((m) => m[1]!);
    expect(codes).toHaveLength(2);
    expect(sent.body).toMatch(
      new RegExp(
        `^Hi there: http://localhost:\\d+/l/${codes[0]} \\(terms http://localhost:\\d+/l/${codes[1]}\\) Reply STOP to opt out\\.$`,
      ),
    );
    expect(sent.body).not.toContain("shop.example");
    // Segments are counted on the text with its short links (what the phone receives).
    const message = await getDb().message.findFirstOrThrow({ where: { id: sent.messageId } });
    expect(message.body).toBe(sent.body);
    expect(message.segments).toBe(sent.segments);
    // Messages calls it what it is (issue 39), not "Dashboard test".
    const [row] = (await listMessages(getDb(), org, {})).items.filter((m) => m.id === sent.messageId);
    expect(row!.origin).toBe("campaign_test");

    const links = await getDb().campaignLink.findMany({ where: { campaignId: c.id }, orderBy: { url: "asc" } });
    expect(links.map((l) => ({ url: l.url, contactId: l.contactId, messageId: l.messageId, phone: l.phone }))).toEqual(
      [URL_A, URL_B].map((url) => ({ url, contactId: null, messageId: sent.messageId, phone: "+14155559999" })),
    );
    expect(links.map((l) => l.code).sort()).toEqual([...codes].sort());

    // A tap redirects to the original URL; a preview bot too, uncounted.
    const tap = await answerLinkRequest("GET", codes[0]!, BROWSER, new Date(), "198.51.100.1");
    expect(tap).toMatchObject({ status: 302, headers: { location: URL_A } });
    await answerLinkRequest("GET", codes[0]!, BROWSER, new Date(), "198.51.100.2");
    await answerLinkRequest("GET", codes[1]!, BROWSER);
    expect((await answerLinkRequest("GET", codes[1]!, "Slackbot-LinkExpanding 1.0")).headers.location).toBe(URL_B);

    // Counted on the link rows only: the campaign's stats, days, unique clicks and events are untouched.
    const after = await getDb().campaignLink.findMany({ where: { campaignId: c.id }, orderBy: { url: "asc" } });
    expect(after.map((l) => l.clicks)).toEqual([2, 1]);
    const view = await getCampaignView(getDb(), { organizationId: org }, c.id);
    expect(view.stats).toMatchObject({ clicks: 0, uniqueClicks: 0, recipients: 0, queued: 0 });
    expect(await countsOf(c.id, org)).toEqual({ days: 0, clickers: 0, events: 0 });
  });

  it("a recipient's click still counts once launched, beside the test send's", async () => {
    const org = (await seedSender()).organizationId;
    await seedContacts(org, 1, { first: 4200, at: new Date(Date.now() - 120_000) });
    const c = await campaignOf(org);
    const test = await testSendCampaign(getDb(), { organizationId: org }, c.id, { to: "+14155559998" }, null);
    const testCode = [...test.body.matchAll(SHORT)][0]![1]!;
    await launchCampaign(getDb(), { organizationId: org }, c.id, SYSTEM_ACTOR, new Date());
    await runUntilIdle(org);
    const [recipientLink] = await getDb().campaignLink.findMany({
      where: { campaignId: c.id, NOT: { contactId: null }, url: URL_A },
    });
    await answerLinkRequest("GET", testCode, BROWSER);
    await answerLinkRequest("GET", recipientLink!.code, BROWSER, new Date(), "198.51.100.3");
    await answerLinkRequest("GET", recipientLink!.code, BROWSER, new Date(), "198.51.100.4");
    const view = await getCampaignView(getDb(), { organizationId: org }, c.id);
    expect(view.stats).toMatchObject({ clicks: 2, uniqueClicks: 1, recipients: 1 });
    expect(await countsOf(c.id, org)).toMatchObject({ clickers: 1, events: 2 });
  });

  it("a refused test send writes no link; without link tracking the URLs stay as written", async () => {
    const org = (await seedSender()).organizationId;
    await getDb().$executeRawUnsafe(
      `INSERT INTO contact_opt_outs (organization_id, phone, source) VALUES ($1, '+14155559997', 'api')`,
      org,
    );
    const c = await campaignOf(org);
    await expect(
      testSendCampaign(getDb(), { organizationId: org }, c.id, { to: "+14155559997" }, null),
    ).rejects.toMatchObject({ code: "recipient_opted_out" });
    expect(await getDb().campaignLink.count({ where: { campaignId: c.id } })).toBe(0);

    const plain = await campaignOf(org, false);
    const sent = await testSendCampaign(getDb(), { organizationId: org }, plain.id, { to: "+14155559996" }, null);
    expect(sent.body).toBe(`Hi there: ${URL_A} (terms ${URL_B}) Reply STOP to opt out.`);
    expect(await getDb().campaignLink.count({ where: { campaignId: plain.id } })).toBe(0);
  });
});
