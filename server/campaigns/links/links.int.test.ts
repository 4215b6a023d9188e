import { describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { newId } from "../../ids";
import { seedOrganization } from "../../test/seed";
import { readCampaignDays, readClickTotals } from "./click-stats";
import { LINK_CODE_PATTERN } from "./find-urls";
import { insertTrackedLinks, trackLinks } from "./insert-tracked-links";
import { planTrackedLinks } from "./plan-tracked-links";
import { answerLinkRequest } from "./redirect";

const BASE = "https://sg.link";
const BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";

/** A whole text as written in a template (link tracking rewrites only URLs a template wrote). */
const whole = (text: string) => ({ text, written: [{ start: 0, end: text.length }] });
let clients = 0;
/** A new client address: a repeat click from one client within ten minutes counts once. */
const anotherIp = () => `198.51.100.${(clients++ % 250) + 1}`;

function codesIn(text: string): string[] {
  return [...text.matchAll(/https:\/\/sg\.link\/l\/([0-9A-Za-z]+)/g)].map((m) => m[1]!);
}

async function campaignWithLinks() {
  const { organizationId } = await seedOrganization();
  const campaignId = newId("bat").replace(/^bat_/, "cmp_");
  const recipients = [
    {
      contactId: newId("ct"),
      messageId: newId("msg"),
      phone: "+14155550101",
      ...whole("Sale https://shop.example/a and https://shop.example/b. Again: https://shop.example/a"),
    },
    {
      contactId: newId("ct"),
      messageId: newId("msg"),
      phone: "+14155550102",
      ...whole("Sale https://shop.example/a!"),
    },
    { contactId: newId("ct"), messageId: null, phone: "+14155550103", ...whole("No links here") },
  ];
  const now = new Date("2026-11-26T10:00:00.000Z");
  const texts = await getDb().$transaction((tx) =>
    trackLinks(tx, { organizationId, campaignId, linkBaseUrl: BASE, environment: "live" }, recipients, now),
  );
  return { organizationId, campaignId, recipients, texts };
}

async function linkRow(code: string) {
  const [row] = await getDb().$queryRawUnsafe<{ clicks: number; first_clicked_at: Date | null }[]>(
    `SELECT clicks, first_clicked_at FROM campaign_links WHERE code = $1`,
    code,
  );
  return row;
}

async function clickEvents(organizationId: string) {
  return getDb().outboxEvent.findMany({ where: { organizationId, type: "link.clicked" }, orderBy: { id: "asc" } });
}

describe("tracked links: the sender's rewrite", () => {
  it("gives each recipient and URL its own unguessable code, one per distinct URL, in one insert", async () => {
    const { campaignId, recipients, texts } = await campaignWithLinks();
    const [first, second, third] = texts;
    const firstCodes = codesIn(first!);
    expect(firstCodes).toHaveLength(3);
    expect(firstCodes[0]).toBe(firstCodes[2]); // the same URL twice: one code
    expect(firstCodes[0]).not.toBe(firstCodes[1]);
    expect(first).toBe(
      `Sale ${BASE}/l/${firstCodes[0]} and ${BASE}/l/${firstCodes[1]}. Again: ${BASE}/l/${firstCodes[0]}`,
    );
    expect(second).toMatch(/^Sale https:\/\/sg\.link\/l\/[0-9A-Za-z]{12}!$/);
    expect(codesIn(second!)[0]).not.toBe(firstCodes[0]); // per recipient, not per URL
    expect(third).toBe("No links here");
    for (const code of [...firstCodes, ...codesIn(second!)]) expect(code).toMatch(LINK_CODE_PATTERN);

    const rows = await getDb().$queryRawUnsafe<{ code: string; contact_id: string; message_id: string; url: string }[]>(
      `SELECT code, contact_id, message_id, url FROM campaign_links WHERE campaign_id = $1 ORDER BY url, contact_id`,
      campaignId,
    );
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.code === firstCodes[1])).toMatchObject({
      contact_id: recipients[0]!.contactId,
      message_id: recipients[0]!.messageId,
      url: "https://shop.example/b",
    });
  });

  it("writes a batch in one statement, and nothing when the caller's transaction rolls back", async () => {
    const { organizationId } = await seedOrganization();
    const campaignId = "cmp_rollback_" + newId("bat").slice(4);
    const recipients = Array.from({ length: 50 }, (_, i) => ({
      contactId: `ct_${i}`,
      messageId: null,
      phone: `+1415555${String(1000 + i)}`,
      ...whole(`Hi https://example.com/${i}`),
    }));
    const plan = planTrackedLinks(
      { organizationId, campaignId, linkBaseUrl: BASE, environment: "live" },
      recipients,
      new Date(),
    );
    expect(plan.links).toHaveLength(50);
    await expect(
      getDb().$transaction(async (tx) => {
        const spy = vi.spyOn(tx, "$executeRawUnsafe");
        await insertTrackedLinks(tx, plan.links, new Date());
        expect(spy).toHaveBeenCalledTimes(1);
        throw new Error("the message insert failed");
      }),
    ).rejects.toThrow("the message insert failed");
    const [count] = await getDb().$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM campaign_links WHERE campaign_id = $1`,
      campaignId,
    );
    expect(Number(count!.n)).toBe(0);
  });

  it("a code that already exists fails the batch rather than pointing a message at someone else's URL", async () => {
    const { organizationId, campaignId } = await campaignWithLinks();
    const [existing] = await getDb().$queryRawUnsafe<{ code: string }[]>(
      `SELECT code FROM campaign_links WHERE campaign_id = $1 LIMIT 1`,
      campaignId,
    );
    const clash = {
      code: existing!.code,
      organizationId,
      campaignId,
      contactId: "ct_x",
      messageId: null,
      phone: "+1",
      url: "https://evil.example",
      expiresAt: null,
    };
    await expect(getDb().$transaction((tx) => insertTrackedLinks(tx, [clash], new Date()))).rejects.toThrow();
    expect(await answerLinkRequest("HEAD", existing!.code, BROWSER)).not.toMatchObject({
      headers: { location: "https://evil.example" },
    });
  });
});

describe("GET /l/:code", () => {
  it("302s to the URL, counts clicks and unique clicks per recipient, and emits link.clicked with the click", async () => {
    const { organizationId, campaignId, recipients, texts } = await campaignWithLinks();
    const [a, b] = codesIn(texts[0]!);
    const [c] = codesIn(texts[1]!);
    const t1 = new Date("2026-11-26T12:00:00.000Z");

    const first = await answerLinkRequest("GET", a!, BROWSER, t1, anotherIp());
    expect(first).toMatchObject({
      status: 302,
      headers: { location: "https://shop.example/a", "cache-control": "private, no-store" },
    });
    expect(await linkRow(a!)).toEqual({ clicks: 1, first_clicked_at: t1 });

    await answerLinkRequest("GET", a!, BROWSER, new Date("2026-11-26T12:05:00.000Z"), anotherIp());
    expect((await answerLinkRequest("GET", b!, BROWSER, t1, anotherIp())).headers.location).toBe(
      "https://shop.example/b",
    );
    await answerLinkRequest("GET", c!, BROWSER, t1, anotherIp());

    expect(await readClickTotals(getDb(), organizationId, [campaignId])).toEqual(
      new Map([[campaignId, { clicks: 4, uniqueClicks: 2 }]]),
    );
    expect(await readCampaignDays(getDb(), organizationId, campaignId)).toEqual([
      { day: "2026-11-26", clicks: 4, uniqueClicks: 2, optOuts: 0 },
    ]);

    const events = await clickEvents(organizationId);
    expect(events).toHaveLength(4);
    // Event ids made at the same instant sort at random: find the first click's by its content.
    const firstClick = events.find((e) => e.occurredAt.getTime() === t1.getTime() && codesIn(texts[0]!)[0] === a);
    expect(events.map((e) => e.payload)).toContainEqual({
      campaignId,
      messageId: recipients[0]!.messageId,
      phone: recipients[0]!.phone,
      url: "https://shop.example/a",
      at: t1.toISOString(),
    });
    expect(firstClick?.occurredAt).toEqual(t1);
  });

  it("does not count HEAD or link previews, and still redirects them", async () => {
    const { organizationId, campaignId, texts } = await campaignWithLinks();
    const [a] = codesIn(texts[0]!);
    const previewers = [
      "facebookexternalhit/1.1 Facebot Twitterbot/1.0", // iMessage
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "WhatsApp/2.23.20.0",
      "TelegramBot (like TwitterBot)",
      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
      "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
    ];
    for (const ua of previewers) {
      expect(await answerLinkRequest("GET", a!, ua), ua).toMatchObject({
        status: 302,
        headers: { location: "https://shop.example/a" },
      });
    }
    expect(await answerLinkRequest("HEAD", a!, BROWSER)).toMatchObject({ status: 302 });
    expect(await linkRow(a!)).toEqual({ clicks: 0, first_clicked_at: null });
    expect(await readClickTotals(getDb(), organizationId, [campaignId])).toEqual(new Map());
    expect(await clickEvents(organizationId)).toHaveLength(0);

    // A phone whose model name ends in "bot" is a person.
    await answerLinkRequest(
      "GET",
      a!,
      "Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 Chrome/120 Mobile",
    );
    expect((await linkRow(a!))!.clicks).toBe(1);
  });

  it("answers 404 for unknown and malformed codes and 405 for other methods, writing nothing", async () => {
    expect(await answerLinkRequest("GET", "AAAAAAAAAAAA", BROWSER)).toMatchObject({
      status: 404,
      error: { code: "not_found" },
    });
    expect(await answerLinkRequest("GET", "short", BROWSER)).toMatchObject({ status: 404 });
    expect(await answerLinkRequest("GET", "../../etc/passwd", BROWSER)).toMatchObject({ status: 404 });
    expect(await answerLinkRequest("POST", "AAAAAAAAAAAA", BROWSER)).toMatchObject({
      status: 405,
      headers: { allow: "GET, HEAD" },
    });
  });

  it("buckets clicks by UTC day; totals equal a recount of the links and the clickers", async () => {
    const { organizationId, campaignId, texts } = await campaignWithLinks();
    const codes = [...codesIn(texts[0]!), ...codesIn(texts[1]!)];
    const days = ["2026-11-26T23:59:59.000Z", "2026-11-27T00:00:00.000Z", "2026-11-27T08:00:00.000Z"];
    for (const [i, iso] of days.entries())
      await answerLinkRequest("GET", codes[i % codes.length]!, BROWSER, new Date(iso), anotherIp());
    await answerLinkRequest("GET", codes[3]!, BROWSER, new Date(days[2]!), anotherIp());
    const series = await readCampaignDays(getDb(), organizationId, campaignId);
    expect(series.map((d) => [d.day, d.clicks, d.uniqueClicks])).toEqual([
      ["2026-11-26", 1, 1],
      ["2026-11-27", 3, 1],
    ]);
    const [recount] = await getDb().$queryRawUnsafe<{ clicks: bigint; clickers: bigint }[]>(
      `SELECT (SELECT sum(clicks) FROM campaign_links WHERE campaign_id = $1) AS clicks,
              (SELECT count(*) FROM campaign_link_clickers WHERE campaign_id = $1) AS clickers`,
      campaignId,
    );
    expect((await readClickTotals(getDb(), organizationId, [campaignId])).get(campaignId)).toEqual({
      clicks: Number(recount!.clicks),
      uniqueClicks: Number(recount!.clickers),
    });
  });

  it("concurrent first clicks of one recipient on two links count one unique click", async () => {
    const { organizationId, campaignId, texts } = await campaignWithLinks();
    const [a, b] = codesIn(texts[0]!);
    const now = new Date("2026-11-26T15:00:00.000Z");
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => answerLinkRequest("GET", i % 2 ? a! : b!, BROWSER, now, anotherIp())),
    );
    expect((await readClickTotals(getDb(), organizationId, [campaignId])).get(campaignId)).toEqual({
      clicks: 20,
      uniqueClicks: 1,
    });
  });
});
