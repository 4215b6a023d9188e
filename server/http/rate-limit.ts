import type { UserAuth } from "./authenticate";
import type { ApiKeyAuth } from "./authenticate-api-key";

export type RateLimitCategory = "sms.send" | "sms.bulk" | "otp.send" | "otp.verify" | "webhooks" | "apiKeys" | "rateLimits" | "analytics" | "contacts" | "messages.read";

// Filled in by the rate-limit issue.
export async function applyRateLimit(
  _auth: UserAuth | ApiKeyAuth,
  _category: RateLimitCategory | undefined,
): Promise<{ headers: Headers } | null> {
  return null;
}
