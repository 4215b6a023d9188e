import { randomBytes } from "node:crypto";
import { call, field, organizationIdOf } from "../bench/seed";

// The chaos run's account, through the public API as a customer would set it up: an owner, a
// sandbox key, the organization's caps (per minute `capPerMinute`, hour and day far above so the
// minute is the one that binds) and one webhook subscribed to "*" at the receiver.

export interface ChaosAccount {
  organizationId: string;
  /** `sg_test_`: the sandbox carrier. */
  apiKey: string;
  webhookId: string;
  webhookSecret: string;
}

export async function seedAccount(baseUrl: string, capPerMinute: number, receiverUrl: string): Promise<ChaosAccount> {
  const email = `chaos-${randomBytes(6).toString("hex")}@example.test`;
  const password = `chaos-${randomBytes(12).toString("hex")}`;
  const organizationId = organizationIdOf(
    await call(baseUrl, "POST", "/api/v1/auth/register", { email, password, organizationName: "Chaos" }),
  );
  const token = field(await call(baseUrl, "POST", "/api/v1/auth/token", { email, password }), "accessToken");
  const apiKey = field(
    await call(
      baseUrl,
      "POST",
      "/api/v1/developer/api-keys",
      { name: "chaos", environment: "test", permissions: ["sms.send", "sms.read", "otp.send"] },
      token,
    ),
    "rawKey",
  );
  if (!apiKey.startsWith("sg_test_")) throw new Error("seeding: the key is not a sandbox (sg_test_) key");
  const limits = (await call(
    baseUrl,
    "PATCH",
    "/api/v1/developer/rate-limits",
    { perMinute: capPerMinute, perHour: capPerMinute * 60, perDay: capPerMinute * 60 * 24, enabled: true },
    token,
  )) as { perMinute?: number; enabled?: boolean };
  if (limits.perMinute !== capPerMinute || limits.enabled !== true) {
    throw new Error(`seeding: rate limits not set as asked: ${JSON.stringify(limits)}`);
  }
  // A webhook without a secret is unsigned: give it one, as the dashboard does, so every signature is checked.
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  const webhook = await call(
    baseUrl,
    "POST",
    "/api/v1/developer/webhooks",
    { name: "chaos receiver", url: receiverUrl, events: ["*"], secret },
    token,
  );
  return {
    organizationId,
    apiKey,
    webhookId: field(webhook, "id"),
    webhookSecret: field(webhook, "secret"),
  };
}
