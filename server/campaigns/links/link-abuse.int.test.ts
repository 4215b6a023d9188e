// Issue 38, items 4, 5 and 13: /l/{code} as a hostile or careless client meets it. Non-ASCII URLs
// redirect in their ASCII form and an answer that could fail is never counted; sandbox links expire;
// every answer carries the security headers; one client IP is rate limited, and its repeat clicks
// on one link within ten minutes count once.
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { newId } from "../../ids";
import { seedOrganization } from "../../test/seed";
import { readClickTotals } from "./click-stats";
import { trackLinks } from "./insert-tracked-links";
import { SANDBOX_LINK_TTL_MS } from "./plan-tracked-links";
import { LINK_REQUESTS_PER_IP_PER_MINUTE, REPEAT_CLICK_WINDOW_SECONDS } from "./record-click";
import { answerLinkRequest } from "./redirect";
import { SYSTEM_ACTOR } from "../../audit/actor";
import { seedSender } from "../../test/messaging";
import { createCampaign, updateCampaign } from "../save-campaign";
import { testSendCampaign } from "../preview-campaign";
import { ipSubjectKey, subject } from "../../auth/login-throttle";

const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const T0 = new Date("2026-11-30T09:00:00.000Z");

afterEach(() => {
  vi.unstubAllEnvs();
});

/** One recipient's link to `url` in a campaign of `environment`, made at `at`; answers its code. */
async function link(url: string, environment: "live" | "test" = "live", at = T0) {
  const { organizationId } = await seedOrganization();
  const campaignId = newId("bat").replace(/^bat_/, "cmp_");
  const text = `Go ${url}`;
  const [sent] = await getDb().$transaction((tx) =>
    trackLinks(
      tx,
      { organizationId, campaignId, linkBaseUrl: "https://sg.link", environment },
      [
        {
          contactId: newId("ct"),
          messageId: newId("msg"),
          phone: "+14155550100",
          text,
          written: [{ start: 0, end: text.length }],
        },
      ],
      at,
    ),
  );
  return { organizationId, campaignId, code: /\/l\/([0-9A-Za-z]{12})/.exec(sent!)![1]! };
}

async function clicksOf(code: string): Promise<number> {
  const [row] = await getDb().$queryRawUnsafe<{ clicks: number }[]>(
    `SELECT clicks FROM campaign_links WHERE code = $1`,
    code,
  );
  return row!.clicks;
}

describe("non-ASCII URLs (item 4)", () => {
  it("are stored and redirected in their ASCII form, and counted", async () => {
    const { code } = await link("https://例え.jp/ü?q=😀");
    const out = await answerLinkRequest("GET", code, BROWSER, T0, "203.0.113.10");
    expect(out).toMatchObject({ status: 302, headers: { location: "https://xn--r8jz45g.jp/%C3%BC?q=%F0%9F%98%80" } });
    expect(await clicksOf(code)).toBe(1);
  });

  it("a row stored raw before is redirected normalized, but never counted, and emits nothing", async () => {
    const { organizationId, campaignId, code } = await link("https://example.com/placeholder");
    await getDb().$executeRawUnsafe(
      `UPDATE campaign_links SET url = $2 WHERE code = $1`,
      code,
      "https://example.com/ü\u202E",
    );
    const out = await answerLinkRequest("GET", code, BROWSER, T0, "203.0.113.11");
    expect(out).toMatchObject({ status: 302, headers: { location: "https://example.com/%C3%BC%E2%80%AE" } });
    expect(await clicksOf(code)).toBe(0);
    expect(await readClickTotals(getDb(), organizationId, [campaignId])).toEqual(new Map());
    expect(await getDb().outboxEvent.count({ where: { organizationId, type: "link.clicked" } })).toBe(0);
  });
});

describe("what a campaign may track (item 5)", () => {
  it("refuses at save a template whose tracked URLs are loopback, private, link-local or credentialed", async () => {
    const org = (await seedSender()).organizationId;
    const creator = { organizationId: org, environment: "test" as const, apiKeyId: null };
    for (const url of [
      "http://127.0.0.1:4601/x",
      "http://[::1]/",
      "https://user:pass@evil.example/",
      "http://192.168.1.1/",
    ]) {
      const refused = await createCampaign(
        getDb(),
        creator,
        { name: "c", template: `Go ${url}`, linkTracking: true },
        SYSTEM_ACTOR,
      ).catch((e: unknown) => e);
      expect(refused, url).toMatchObject({
        code: "invalid_request",
        details: [{ path: "template", message: expect.stringContaining(`Link tracking cannot send ${url}`) }],
      });
    }
    // Without tracking the text is the sender's own business; turning tracking on later is checked too.
    const plain = await createCampaign(getDb(), creator, { name: "c", template: "Go http://10.0.0.1/" }, SYSTEM_ACTOR);
    await expect(
      updateCampaign(getDb(), { organizationId: org }, plain.id, { linkTracking: true }, SYSTEM_ACTOR),
    ).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("never makes a short link of a URL a contact's value brought, in a test send either", async () => {
    const org = (await seedSender()).organizationId;
    const contactId = newId("ct");
    await getDb().contact.create({
      data: {
        id: contactId,
        organizationId: org,
        phone: "+14155550150",
        firstName: "https://evil.example/phish",
        attributes: { next: "http://127.0.0.1:4601/admin" },
        createdAt: T0,
        updatedAt: T0,
      },
    });
    const c = await createCampaign(
      getDb(),
      { organizationId: org, environment: "test", apiKeyId: null },
      { name: "c", template: "Hi {{firstName}} {{attributes.next}} https://shop.example/x", linkTracking: true },
      SYSTEM_ACTOR,
    );
    const sent = await testSendCampaign(
      getDb(),
      { organizationId: org },
      c.id,
      { to: "+14155550151", contactId },
      null,
    );
    expect(sent.body).toMatch(
      /^Hi https:\/\/evil\.example\/phish http:\/\/127\.0\.0\.1:4601\/admin http:\/\/localhost:\d+\/l\/\w{12} /,
    );
    const links = await getDb().campaignLink.findMany({ where: { campaignId: c.id } });
    expect(links.map((l) => l.url)).toEqual(["https://shop.example/x"]);
    // A sandbox test send's link works for an hour only.
    expect(links[0]!.expiresAt!.getTime() - links[0]!.createdAt.getTime()).toBe(SANDBOX_LINK_TTL_MS);
  });
});

describe("sandbox links (item 5)", () => {
  it("work for an hour, then answer 404; a live campaign's keep working", async () => {
    const sandbox = await link("https://shop.example/a", "test");
    const live = await link("https://shop.example/a", "live");
    const late = new Date(T0.getTime() + SANDBOX_LINK_TTL_MS + 1);
    expect(
      (await answerLinkRequest("GET", sandbox.code, BROWSER, new Date(T0.getTime() + 60_000), "203.0.113.12")).status,
    ).toBe(302);
    expect(await answerLinkRequest("GET", sandbox.code, BROWSER, late, "203.0.113.13")).toMatchObject({
      status: 404,
      error: { code: "not_found", message: "This link does not exist or has expired." },
    });
    expect((await answerLinkRequest("HEAD", sandbox.code, BROWSER, late, "203.0.113.13")).status).toBe(404);
    expect(await clicksOf(sandbox.code)).toBe(1);
    expect((await answerLinkRequest("GET", live.code, BROWSER, late, "203.0.113.13")).status).toBe(302);
  });
});

describe("every /l/ answer (item 13)", () => {
  it("carries nosniff, frame and content policies, and HSTS in production", async () => {
    const { code } = await link("https://shop.example/h");
    vi.stubEnv("NODE_ENV", "production");
    const answers = [
      await answerLinkRequest("GET", code, BROWSER, T0, "203.0.113.20"),
      await answerLinkRequest("GET", "AAAAAAAAAAAA", BROWSER, T0, "203.0.113.20"),
      await answerLinkRequest("POST", code, BROWSER, T0, "203.0.113.20"),
    ];
    expect(answers.map((a) => a.status)).toEqual([302, 404, 405]);
    for (const a of answers) {
      expect(a.headers).toMatchObject({
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "strict-transport-security": "max-age=63072000; includeSubDomains",
        "referrer-policy": "no-referrer",
      });
    }
    vi.stubEnv("NODE_ENV", "test");
    expect((await answerLinkRequest("GET", code, BROWSER, T0, "203.0.113.21")).headers).not.toHaveProperty(
      "strict-transport-security",
    );
  });
});

describe("one client (item 13)", () => {
  it(`is limited to ${LINK_REQUESTS_PER_IP_PER_MINUTE} requests a minute per IP, then 429 with nothing counted`, async () => {
    const { code } = await link("https://shop.example/r");
    const ip = "2001:db8:7:1::5";
    const at = new Date(T0.getTime() + 5_000);
    // The minute's first requests, as the counter stores them (one real guess is the last allowed).
    await getDb().$executeRawUnsafe(
      `INSERT INTO auth_failure_buckets (subject, bucket, count) VALUES ($1, $2, $3)`,
      subject("link-ip", ipSubjectKey(ip)),
      Math.floor(at.getTime() / 60_000),
      LINK_REQUESTS_PER_IP_PER_MINUTE - 1,
    );
    expect((await answerLinkRequest("GET", "Guess0000001", BROWSER, at, ip)).status).toBe(404);
    // The same /64, another address in it: the same client.
    const refused = await answerLinkRequest("GET", code, BROWSER, at, "2001:db8:7:1::77");
    expect(refused).toMatchObject({ status: 429, error: { code: "rate_limited" } });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await answerLinkRequest("HEAD", code, BROWSER, at, ip)).status).toBe(429);
    expect(await clicksOf(code)).toBe(0);
    // Another client is not held back, and this one is let in again once its minute has passed.
    expect((await answerLinkRequest("GET", code, BROWSER, at, "198.51.100.30")).status).toBe(302);
    expect((await answerLinkRequest("GET", code, BROWSER, new Date(at.getTime() + 121_000), ip)).status).toBe(302);
  });

  it("counts its repeat clicks on one link within ten minutes once, and still redirects them", async () => {
    const { organizationId, campaignId, code } = await link("https://shop.example/c");
    const ip = "198.51.100.40";
    for (let i = 0; i < 200; i += 20) {
      const out = await answerLinkRequest("GET", code, BROWSER, new Date(T0.getTime() + i * 1_000), ip);
      expect(out.status).toBe(302);
    }
    expect(await clicksOf(code)).toBe(1);
    // Another browser on the same address, and the same one after the window: new clicks.
    await answerLinkRequest("GET", code, "Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile", T0, ip);
    const later = new Date(T0.getTime() + (REPEAT_CLICK_WINDOW_SECONDS + 120) * 1_000);
    await answerLinkRequest("GET", code, BROWSER, later, ip);
    expect(await clicksOf(code)).toBe(3);
    expect(await readClickTotals(getDb(), organizationId, [campaignId])).toEqual(
      new Map([[campaignId, { clicks: 3, uniqueClicks: 1 }]]),
    );
  });
});
