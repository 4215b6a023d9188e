import { z } from "zod";
import { timestampSchema } from "./common";

// The OTP fraud guard (contract §12). Client-safe: REST validation, tRPC inputs, the dashboard's
// forms and the OpenAPI document share these schemas.

export const FRAUD_LEVELS = ["off", "standard", "strict"] as const;
export const fraudLevelSchema = z.enum(FRAUD_LEVELS);
export type FraudLevel = z.infer<typeof fraudLevelSchema>;

/**
 * contract §12: standard blocks a prefix at 10 sends under 20 % verified in an hour; strict at 5
 * under 40 %. A country (all its prefixes, issue 38) at three times the prefix's sends, the same
 * conversion. server/fraud/decide-otp-send.ts applies the same figures in SQL.
 */
export const FRAUD_THRESHOLDS: Record<
  Exclude<FraudLevel, "off">,
  { minSends: number; countryMinSends: number; minConversion: number }
> = {
  standard: { minSends: 10, countryMinSends: 30, minConversion: 0.2 },
  strict: { minSends: 5, countryMinSends: 15, minConversion: 0.4 },
};

/** How long a block lasts. */
export const FRAUD_BLOCK_HOURS = 12;
export const MAX_SAFE_LIST_ENTRIES = 500;

export const safeListEntrySchema = z
  .string()
  .regex(/^\+[0-9]{1,14}$/, "Use an E.164 number or prefix: + and 1 to 14 digits.")
  .meta({ example: "+4477009" });

export const fraudGuardSettingsSchema = z
  .object({
    level: fraudLevelSchema.meta({
      description: "off: never block; standard: 10 sends under 20 % verified in an hour; strict: 5 under 40 %.",
    }),
    safeList: z.array(z.string()).meta({ description: "E.164 numbers or prefixes that are never blocked." }),
  })
  .meta({ id: "FraudGuardSettings" });
export type FraudGuardSettings = z.infer<typeof fraudGuardSettingsSchema>;

export const fraudGuardUpdateInput = z
  .strictObject({
    level: fraudLevelSchema.optional(),
    safeList: z
      .array(safeListEntrySchema)
      .max(MAX_SAFE_LIST_ENTRIES, `At most ${MAX_SAFE_LIST_ENTRIES} entries.`)
      .optional(),
  })
  .meta({ id: "FraudGuardUpdate" });
export type FraudGuardUpdate = z.infer<typeof fraudGuardUpdateInput>;

export const fraudBlockSchema = z
  .object({
    prefix: z.string().meta({
      description:
        "The blocked E.164 prefix (the number without its last 4 digits); for a `country` block, the country " +
        "(ISO 3166-1 alpha-2). Either unblocks it.",
      example: "+88213100",
    }),
    scope: z.enum(["prefix", "country"]).meta({
      description:
        "prefix: too many unverified codes to one prefix; country: to one country over all its prefixes " +
        "(pumping spread over neighbouring ranges), which blocks every number there.",
    }),
    country: z.string().nullable().meta({ description: "ISO 3166-1 alpha-2 of the prefix, null when unknown." }),
    environment: z.enum(["live", "test"]),
    blockedAt: timestampSchema,
    until: timestampSchema,
    active: z.boolean().meta({ description: "False once it expired or was unblocked." }),
    liftedAt: timestampSchema.nullable().meta({ description: "When a user unblocked it before `until`." }),
    sends: z.int().meta({ description: "OTP sends to the prefix in the hour before the block." }),
    verified: z.int().meta({ description: "Of those, codes verified." }),
    level: z.enum(["standard", "strict"]),
    reason: z.string().meta({ description: "Why, in words." }),
  })
  .meta({ id: "FraudBlock" });
export type FraudBlockView = z.infer<typeof fraudBlockSchema>;

export const fraudBlockListSchema = z.array(fraudBlockSchema).meta({ id: "FraudBlockList" });

export const fraudBlockListQuery = z.strictObject({
  status: z.enum(["active", "all"]).default("all").meta({ description: "active: only blocks in force." }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const blockedAttemptSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    environment: z.enum(["live", "test"]),
    prefix: z.string(),
    createdAt: timestampSchema,
  })
  .meta({ id: "FraudBlockedAttempt" });
export type BlockedAttemptView = z.infer<typeof blockedAttemptSchema>;

/** The destination prefix of an E.164 number: the number without its last 4 digits. */
export function prefixOf(e164: string): string {
  return e164.slice(0, Math.max(2, e164.length - 4));
}

/** Why a prefix (or a country) was blocked, in plain numbers: the first sentences of `describeBlock`, without the end's time. */
export function describeBlockFigures(b: {
  prefix: string;
  scope: "prefix" | "country";
  country: string | null;
  sends: number;
  verified: number;
  level: "standard" | "strict";
}): string {
  const t = FRAUD_THRESHOLDS[b.level];
  const rate = b.sends > 0 ? Math.round((b.verified / b.sends) * 100) : 0;
  const conversion = `${Math.round(t.minConversion * 100)} % verified`;
  if (b.scope === "country") {
    return (
      `${b.sends} OTP codes were sent to numbers in ${b.prefix}, over all prefixes, in one hour and ${b.verified} ` +
      `verified (${rate} %). The ${b.level} level blocks a country after ${t.countryMinSends} sends in an hour ` +
      `with under ${conversion}, a pattern of SMS pumping spread over neighbouring ranges.`
    );
  }
  const where = b.country ? `${b.prefix} (${b.country})` : b.prefix;
  return (
    `${b.sends} OTP codes were sent to numbers starting ${where} in one hour and ${b.verified} verified (${rate} %). ` +
    `The ${b.level} level blocks a prefix after ${t.minSends} sends in an hour with under ` +
    `${conversion}, a pattern of SMS pumping.`
  );
}

/** The API's `reason`: the figures and the block's end as an ISO instant (the dashboard shows it in the viewer's zone). */
export function describeBlock(b: Parameters<typeof describeBlockFigures>[0] & { until: string }): string {
  return `${describeBlockFigures(b)} Blocked until ${b.until}.`;
}
