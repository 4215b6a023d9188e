import { describe, expect, it } from "vitest";
import { findUrls, replaceUrls, shortLinkUrl, withSampleLinks } from "./find-urls";
import { isLinkPreviewAgent } from "./link-preview-agents";
import { planTrackedLinks } from "./plan-tracked-links";

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
    expect(withSampleLinks("go https://x.io/long/path/here", "https://sg.link")).toBe(
      "go https://sg.link/l/xxxxxxxxxxxx",
    );
  });
});

describe("planTrackedLinks", () => {
  it("draws distinct random codes (no two alike over many recipients)", () => {
    const recipients = Array.from({ length: 2000 }, (_, i) => ({
      contactId: `ct_${i}`,
      messageId: null,
      phone: "+14155550100",
      text: "https://x.io",
    }));
    const plan = planTrackedLinks(
      { organizationId: "org_1", campaignId: "cmp_1", linkBaseUrl: "https://l" },
      recipients,
    );
    expect(new Set(plan.links.map((l) => l.code)).size).toBe(2000);
    // Codes are not sequential or derived from the recipient: no shared prefix across the batch.
    expect(new Set(plan.links.map((l) => l.code.slice(0, 3))).size).toBeGreaterThan(1500);
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
