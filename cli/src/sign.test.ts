import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { deliveryHeaders, newSessionSecret } from "./sign";

describe("listen's signature headers", () => {
  const secret = "whsec_0a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P";
  const body = JSON.stringify({
    id: "evt_1",
    event: "message.delivered",
    timestamp: "2026-11-21T10:15:00.123Z",
    payload: {},
  });
  const now = new Date("2026-11-25T12:00:00Z");

  it("signs the body like a real delivery (seed header) and passes the standardwebhooks library's verify", () => {
    const h = deliveryHeaders(secret, "evt_1", body, now);
    expect(h["x-webhook-signature"]).toBe(`sha256=${createHmac("sha256", secret).update(body).digest("hex")}`);
    expect(h["x-webhook-id"]).toBe("evt_1");
    expect(h["webhook-id"]).toBe("evt_1");
    expect(h["webhook-timestamp"]).toBe(String(now.getTime() / 1000));
    expect(h["x-webhook-timestamp"]).toBe(h["webhook-timestamp"]);
    // contract §12: new Webhook(secret) verifies it with the secret as shown.
    const wh = new Webhook(secret);
    const fresh = deliveryHeaders(secret, "evt_1", body);
    expect(wh.verify(body, fresh)).toEqual(JSON.parse(body));
    expect(() => wh.verify(`${body} `, fresh)).toThrow();
    expect(() => new Webhook(Buffer.from("other-secret").toString("base64")).verify(body, fresh)).toThrow();
    // The session's own secrets are whsec_<base64> too.
    const session = newSessionSecret();
    expect(new Webhook(session).verify(body, deliveryHeaders(session, "evt_1", body))).toEqual(JSON.parse(body));
  });

  it("makes a new strong secret per session", () => {
    const a = newSessionSecret();
    expect(a).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(newSessionSecret()).not.toBe(a);
  });
});
