import { describe, expect, it } from "vitest";
import { findUrls, replaceUrls, shortLinkUrl, withSampleLinks } from "./find-urls";
import { isLinkPreviewAgent } from "./link-preview-agents";
import { planTrackedLinks, SANDBOX_LINK_TTL_MS, trackableTarget } from "./plan-tracked-links";
import { composeMessage, parseTemplate } from "../template";

const whole = (text: string) => [{ start: 0, end: text.length }];
const NOW = new Date("2026-11-30T10:00:00Z");
const SCOPE = { organizationId: "org_1", campaignId: "cmp_1", linkBaseUrl: "https://l", environment: "live" as const };

/** One recipient's text from a template and a contact, with what the template wrote. */
function rendered(template: string, contact: Parameters<typeof composeMessage>[1]) {
  const parsed = parseTemplate(template);
  if (!parsed.ok) throw new Error("bad template");
  return composeMessage(parsed.template, contact, { appendOptOutText: false });
}

describe("findUrls", () => {
  it("finds http(s) URLs and leaves sentence punctuation out", () => {
    const text = "Shop https://x.io/a?b=1&c=2. Or (see http://y.io/p_(1)) now! https://z.io, ftp://no.io www.no.io";
    expect(findUrls(text).map((u) => u.url)).toEqual(["https://x.io/a?b=1&c=2", "http://y.io/p_(1)", "https://z.io"]);
    const [first] = findUrls(text);
    expect(text.slice(first!.start, first!.end)).toBe("https://x.io/a?b=1&c=2");
  });

  it("ignores what does not parse as a URL with a host, and absurdly long URLs", () => {
    expect(findUrls("https:// nothing")).toEqual([]);
    expect(findUrls(`https://x.io/${"a".repeat(3000)}`)).toEqual([]);
  });

  it("replaces in place", () => {
    const text = "a https://x.io b https://y.io c";
    expect(replaceUrls(text, findUrls(text), (_u, i) => `<${i}>`)).toBe("a <0> b <1> c");
    expect(shortLinkUrl("https://sg.link/", "abc")).toBe("https://sg.link/l/abc");
    expect(
      withSampleLinks("go https://x.io/long/path/here", whole("go https://x.io/long/path/here"), "https://sg.link"),
    ).toBe("go https://sg.link/l/xxxxxxxxxxxx");
  });
});

describe("planTrackedLinks", () => {
  it("draws distinct random codes (no two alike over many recipients)", () => {
    const recipients = Array.from({ length: 2000 }, (_, i) => ({
      contactId: `ct_${i}`,
      messageId: null,
      phone: "+14155550100",
      text: "https://x.io",
      written: whole("https://x.io"),
    }));
    const plan = planTrackedLinks(SCOPE, recipients, NOW);
    expect(new Set(plan.links.map((l) => l.code)).size).toBe(2000);
    // Codes are not sequential or derived from the recipient: no shared prefix across the batch.
    expect(new Set(plan.links.map((l) => l.code.slice(0, 3))).size).toBeGreaterThan(1500);
  });
});

describe("what link tracking rewrites (issue 38)", () => {
  const plan = (
    template: string,
    contact: Parameters<typeof composeMessage>[1],
    environment: "live" | "test" = "live",
  ) => {
    const r = rendered(template, contact);
    return planTrackedLinks(
      { ...SCOPE, environment },
      [{ contactId: "ct_1", messageId: "msg_1", phone: "+14155550100", text: r.text, written: r.written }],
      NOW,
    );
  };

  it("tracks URLs the template wrote, never one a contact's value brought", () => {
    const evil = plan("Hi {{firstName}}, see https://shop.example/sale", { firstName: "https://evil.example/phish" });
    expect(evil.links.map((l) => l.url)).toEqual(["https://shop.example/sale"]);
    expect(evil.texts[0]).toBe("Hi https://evil.example/phish, see https://l/l/" + evil.links[0]!.code);
    expect(plan("{{attributes.link}}", { attributes: { link: "https://evil.example/" } }).links).toEqual([]);
    // A host finished by a value is not the template's host.
    expect(plan("https://shop.example{{attributes.rest}}", { attributes: { rest: ".evil.example/x" } }).links).toEqual(
      [],
    );
    // The template's own fallback, and a path filled in from a value, are tracked.
    expect(plan("{{attributes.link|https://shop.example/}}", {}).links.map((l) => l.url)).toEqual([
      "https://shop.example/",
    ]);
    expect(
      plan("https://shop.example/r/{{attributes.code}}", { attributes: { code: "A1B2" } }).links.map((l) => l.url),
    ).toEqual(["https://shop.example/r/A1B2"]);
  });

  it("never tracks a loopback, private, link-local or credentialed URL", () => {
    for (const url of [
      "http://127.0.0.1:4601/admin",
      "http://[::1]/",
      "https://user:pass@evil.example/",
      "http://10.0.0.7/",
      "http://169.254.169.254/latest",
      "http://localhost:3000/",
    ]) {
      expect({ url, links: plan(`go ${url}`, null).links }).toEqual({ url, links: [] });
      expect(trackableTarget(url)).toBeNull();
    }
  });

  it("stores a URL in its ASCII form: the host in punycode, the rest percent-encoded", () => {
    expect(trackableTarget("https://例え.jp/ü?q=😀")).toBe("https://xn--r8jz45g.jp/%C3%BC?q=%F0%9F%98%80");
    expect(trackableTarget("https://example.com/a\u202Eb")).toBe("https://example.com/a%E2%80%AEb");
    const [link] = plan("go https://example.com/ü", null).links;
    expect(link!.url).toBe("https://example.com/%C3%BC");
    expect(link!.url).toMatch(/^[\x21-\x7e]+$/);
  });

  it("gives a sandbox message's links an hour, and a live one's none", () => {
    expect(plan("go https://x.io", null, "test").links[0]!.expiresAt).toEqual(
      new Date(NOW.getTime() + SANDBOX_LINK_TTL_MS),
    );
    expect(plan("go https://x.io", null, "live").links[0]!.expiresAt).toBeNull();
    expect(SANDBOX_LINK_TTL_MS).toBe(3_600_000);
  });
});

describe("isLinkPreviewAgent", () => {
  it("knows messenger and crawler previews, not people's browsers", () => {
    expect(isLinkPreviewAgent("facebookexternalhit/1.1 Facebot Twitterbot/1.0")).toBe(true);
    expect(isLinkPreviewAgent("Mozilla/5.0 (compatible; bingbot/2.0)")).toBe(true);
    expect(isLinkPreviewAgent("Mozilla/5.0 AppleWebKit (KHTML, like Gecko) SkypeUriPreview Preview/0.5")).toBe(true);
    expect(isLinkPreviewAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1")).toBe(false);
    expect(isLinkPreviewAgent("Mozilla/5.0 (Linux; Android 14; SM-S918B) Chrome/120.0 Mobile Safari/537.36")).toBe(
      false,
    );
    expect(isLinkPreviewAgent(undefined)).toBe(false);
  });
});
