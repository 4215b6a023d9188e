import { z } from "zod";

/** contract §7: per-minute limits per category; the Standard categories share 60. */
export const CATEGORY_LIMITS = {
  "sms.send": 100,
  "sms.bulk": 10,
  "otp.send": 30,
  "otp.verify": 50,
  webhooks: 60,
  apiKeys: 60,
  rateLimits: 60,
  analytics: 60,
  contacts: 60,
  "messages.read": 60,
} as const;
export type RateLimitCategory = keyof typeof CATEGORY_LIMITS;
export const RATE_LIMIT_CATEGORIES = Object.keys(CATEGORY_LIMITS) as RateLimitCategory[];

export const CATEGORY_LABELS: Record<RateLimitCategory, string> = {
  "sms.send": "SMS send",
  "sms.bulk": "Bulk SMS",
  "otp.send": "OTP send",
  "otp.verify": "OTP verify",
  webhooks: "Webhook management",
  apiKeys: "API key management",
  rateLimits: "Rate-limit management",
  analytics: "Analytics",
  contacts: "Contacts",
  "messages.read": "Message status",
};

const windowCounts = z.object({
  perMinute: z.number().int(),
  perHour: z.number().int(),
  perDay: z.number().int(),
});

export const rateLimitConfigSchema = z
  .object({
    perMinute: z.number().int().meta({ description: "Organization-wide cap per rolling minute, all API traffic." }),
    perHour: z.number().int().meta({ description: "Organization-wide cap per rolling hour." }),
    perDay: z.number().int().meta({ description: "Organization-wide cap per rolling day." }),
    enabled: z
      .boolean()
      .meta({ description: "When false, neither the organization caps nor the per-category limits apply." }),
    currentUsage: windowCounts.meta({ description: "Requests counted so far in each rolling window." }),
  })
  .meta({ id: "RateLimits" });
export type RateLimitConfig = z.infer<typeof rateLimitConfigSchema>;

const positive = z.number().int("Use a whole number.").positive("Use a positive number.").max(1_000_000_000);

export const updateRateLimitsInput = z
  .strictObject({
    perMinute: positive.optional(),
    perHour: positive.optional(),
    perDay: positive.optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ id: "UpdateRateLimitsRequest" });
export type UpdateRateLimitsInput = z.input<typeof updateRateLimitsInput>;

/** Usage detail for the dashboard: category minute windows and 24 h of history. */
export const rateLimitUsageSchema = z.object({
  config: rateLimitConfigSchema,
  categories: z.array(
    z.object({ category: z.string(), label: z.string(), limit: z.number().int(), used: z.number().int() }),
  ),
  history: z.array(z.object({ at: z.string(), requests: z.number().int(), rejected: z.number().int() })),
});
export type RateLimitUsage = z.infer<typeof rateLimitUsageSchema>;
