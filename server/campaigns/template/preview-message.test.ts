import { describe, expect, it } from "vitest";
import { quoteSms } from "../../billing/quote";
import { shortLinkUrl, SAMPLE_LINK_CODE } from "../links/find-urls";
import { parseTemplate, type ParsedTemplate } from "./parse-template";
import { previewMessage, type PreviewInput } from "./preview-message";

function parsed(source: string): ParsedTemplate {
  const result = parseTemplate(source);
  if (!result.ok) throw new Error("invalid");
  return result.template;
}

const base: Omit<PreviewInput, "template" | "contact"> = {
  appendOptOutText: true,
  linkTracking: false,
  linkBaseUrl: "https://sg.example",
  environment: "live",
};

describe("previewMessage", () => {
  it("shows the text as sent, with segments, encoding and the live price of the quote", () => {
    const p = previewMessage({
      ...base,
      template: parsed("Hi {{firstName|there}}!"),
      contact: { phone: "+14155550123", firstName: "Ada" },
    });
    expect(p.text).toBe("Hi Ada! Reply STOP to opt out.");
    const quote = quoteSms({ to: "+14155550123", body: p.text });
    expect(p).toMatchObject({
      segments: quote.segments,
      encoding: "GSM-7",
      price: quote.price,
      country: "US",
      missing: [],
    });
    expect(p.characters).toBe(p.text.length);
  });

  it("prices by segments, and UCS-2 when a value needs it", () => {
    const template = parsed("{{firstName}} ".repeat(1) + "x".repeat(70));
    const gsm = previewMessage({
      ...base,
      appendOptOutText: false,
      template,
      contact: { phone: "+447400123456", firstName: "Zoe" },
    });
    const ucs = previewMessage({
      ...base,
      appendOptOutText: false,
      template,
      contact: { phone: "+447400123456", firstName: "Zoë 😀" },
    });
    expect(gsm).toMatchObject({ encoding: "GSM-7", segments: 1, country: "GB" });
    expect(ucs).toMatchObject({ encoding: "UCS-2", segments: 2 });
    expect(ucs.price).toBe(quoteSms({ to: "+447400123456", body: ucs.text }).price);
  });

  it("is free in the sandbox, as the send will be", () => {
    const p = previewMessage({
      ...base,
      environment: "test",
      template: parsed("Hi"),
      contact: { phone: "+14155550123" },
    });
    expect(p.price).toBe("0.0000");
    expect(p.segments).toBe(1);
  });

  it("counts tracked links at the length they will have", () => {
    const template = parsed("Sale: https://shop.example.com/spring?utm=sms. Ends Sunday");
    const p = previewMessage({ ...base, linkTracking: true, template, contact: null, to: "+14155550123" });
    expect(p.text).toBe(
      `Sale: ${shortLinkUrl("https://sg.example", SAMPLE_LINK_CODE)}. Ends Sunday Reply STOP to opt out.`,
    );
    const untracked = previewMessage({ ...base, template, contact: null, to: "+14155550123" });
    expect(untracked.text).toContain("https://shop.example.com/spring?utm=sms.");
  });

  it("lists what a contact lacks, without a contact it uses fallbacks", () => {
    const p = previewMessage({ ...base, template: parsed("Hi {{firstName}} {{lastName|friend}}"), contact: null });
    expect(p.missing).toEqual(["firstName"]);
    expect(p.text).toBe("Hi  friend Reply STOP to opt out.");
    expect(p.country).toBeNull();
  });
});
