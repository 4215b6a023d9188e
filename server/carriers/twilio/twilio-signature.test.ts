import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { twilioSignature, verifyTwilioSignature } from "./signature";

describe("twilioSignature / verifyTwilioSignature", () => {
  // Twilio's documented request-validation example (also in twilio-php's RequestValidatorTest).
  const DOC_TOKEN = "12345";
  const DOC_URL = "https://mycompany.com/myapp.php?foo=1&bar=2";
  const DOC_PARAMS = {
    CallSid: "CA1234567890ABCDE",
    Caller: "+14158675309",
    Digits: "1234",
    From: "+14158675309",
    To: "+18005551212",
  };
  const DOC_SIGNATURE = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";

  it("matches Twilio's documented example", () => {
    expect(twilioSignature(DOC_TOKEN, DOC_URL, DOC_PARAMS)).toBe(DOC_SIGNATURE);
    expect(verifyTwilioSignature(DOC_TOKEN, DOC_URL, DOC_PARAMS, DOC_SIGNATURE)).toBe(true);
  });

  it("matches an HMAC-SHA1 computed from first principles (sorted names, unicode values)", () => {
    const params = { b: "2", MessageStatus: "delivered", a: "ünï 👋", Z: "" };
    // Sorted by name with the default (code unit) order: MessageStatus, Z, a, b.
    const data = "https://x.example/cb?q=1" + "MessageStatusdelivered" + "Z" + "aünï 👋" + "b2";
    const expected = createHmac("sha1", "tok").update(Buffer.from(data, "utf8")).digest("base64");
    expect(twilioSignature("tok", "https://x.example/cb?q=1", params)).toBe(expected);
  });

  it("fails on a tampered URL, parameter, token or header, and on a missing header", () => {
    const ok = (url: string, params: Record<string, string>, header: string | null | undefined, token = DOC_TOKEN) =>
      verifyTwilioSignature(token, url, params, header);
    expect(ok(`${DOC_URL}&baz=3`, DOC_PARAMS, DOC_SIGNATURE)).toBe(false);
    expect(ok(DOC_URL.replace("https:", "http:"), DOC_PARAMS, DOC_SIGNATURE)).toBe(false);
    expect(ok(DOC_URL, { ...DOC_PARAMS, Digits: "9999" }, DOC_SIGNATURE)).toBe(false);
    expect(ok(DOC_URL, { ...DOC_PARAMS, Extra: "1" }, DOC_SIGNATURE)).toBe(false);
    const { Digits: _dropped, ...fewer } = DOC_PARAMS;
    expect(ok(DOC_URL, fewer, DOC_SIGNATURE)).toBe(false);
    expect(ok(DOC_URL, DOC_PARAMS, DOC_SIGNATURE, "54321")).toBe(false);
    expect(ok(DOC_URL, DOC_PARAMS, DOC_SIGNATURE.replace("R", "S"))).toBe(false);
    expect(ok(DOC_URL, DOC_PARAMS, DOC_SIGNATURE.slice(0, -1))).toBe(false);
    expect(ok(DOC_URL, DOC_PARAMS, `${DOC_SIGNATURE}A`)).toBe(false);
    expect(ok(DOC_URL, DOC_PARAMS, "")).toBe(false);
    expect(ok(DOC_URL, DOC_PARAMS, undefined)).toBe(false);
    expect(ok(DOC_URL, DOC_PARAMS, null)).toBe(false);
  });
});
