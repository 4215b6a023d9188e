import { z } from "zod";
import { moneySchema } from "./money";
import { keyEnvironmentSchema } from "./api-keys";
import { dateInRange, isCalendarDate } from "./dates";

export const GRANULARITIES = ["hour", "day"] as const;
/** contract §9: the longest range per granularity. */
export const MAX_RANGE_DAYS = { hour: 7, day: 400 } as const;

const instant = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(v) && isCalendarDate(v) && !Number.isNaN(Date.parse(v)), {
    message: "An ISO 8601 date or time, e.g. 2026-11-01 or 2026-11-01T00:00:00Z.",
  })
  .transform((v) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v))
  .pipe(dateInRange);

const rangeFields = {
  from: instant
    .optional()
    .meta({ description: "Inclusive; default: `to` minus 7 days (by day) or 24 hours (by hour)." }),
  to: instant.optional().meta({ description: "Exclusive; default: now." }),
  granularity: z.enum(GRANULARITIES).default("day"),
};

/** contract §9: `GET /api/v1/analytics/messages`. */
export const messageAnalyticsQuery = z.strictObject({
  ...rangeFields,
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, "A two-letter ISO 3166-1 country code, e.g. US.")
    .optional(),
  groupBy: z.enum(["country"]).optional().meta({ description: "`country`: one series per country." }),
});
export type MessageAnalyticsQuery = z.output<typeof messageAnalyticsQuery>;

/** contract §9: `GET /api/v1/analytics/otp`. */
export const otpAnalyticsQuery = z.strictObject(rangeFields);
export type OtpAnalyticsQuery = z.output<typeof otpAnalyticsQuery>;

/** The same, as the dashboard asks (dates as Dates, the environment chosen by a toggle). */
export const messageAnalyticsInput = z.strictObject({
  environment: keyEnvironmentSchema,
  from: z.date(),
  to: z.date(),
  granularity: z.enum(GRANULARITIES),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  groupBy: z.enum(["country"]).optional(),
});
export const otpAnalyticsInput = messageAnalyticsInput.pick({
  environment: true,
  from: true,
  to: true,
  granularity: true,
});

const ttdSchema = z
  .object({ p50Ms: z.number().int().nullable(), p95Ms: z.number().int().nullable() })
  .meta({ description: "Time from acceptance to the delivery receipt, from a log-spaced histogram (±19 %)." });

const messageCounts = {
  sent: z.number().int().meta({ description: "Messages accepted (sent through the API) in the bucket." }),
  delivered: z.number().int(),
  undelivered: z.number().int(),
  failed: z.number().int(),
  segments: z.number().int(),
  price: moneySchema.meta({ description: "What the live messages cost (FAILED ones are not billed)." }),
  deliveryRate: z
    .number()
    .nullable()
    .meta({ description: "delivered ÷ (delivered + undelivered + failed); null while none is final." }),
  timeToDeliver: ttdSchema,
};

export const messageAnalyticsPoint = z
  .object({
    start: z.string(),
    country: z.string().optional().meta({ description: "With `groupBy=country`: the series' country (`''` unknown)." }),
    ...messageCounts,
  })
  .meta({ id: "MessageAnalyticsPoint" });

export const messageAnalyticsResponse = z
  .object({
    from: z.string(),
    to: z.string(),
    granularity: z.enum(GRANULARITIES),
    series: z.array(messageAnalyticsPoint).meta({
      description:
        "One point per bucket, oldest first, empty buckets included. With `groupBy=country`, one series per " +
        "country one after the other (each point names its country), countries by volume.",
    }),
    totals: z.object(messageCounts),
  })
  .meta({ id: "MessageAnalytics" });
export type MessageAnalytics = z.infer<typeof messageAnalyticsResponse>;

const otpCounts = {
  sent: z.number().int(),
  verified: z.number().int(),
  expired: z.number().int(),
  conversionRate: z.number().nullable().meta({ description: "verified ÷ sent; null when none was sent." }),
};

export const otpAnalyticsResponse = z
  .object({
    from: z.string(),
    to: z.string(),
    granularity: z.enum(GRANULARITIES),
    series: z.array(z.object({ start: z.string(), ...otpCounts })),
    totals: z.object(otpCounts),
  })
  .meta({ id: "OtpAnalytics" });
export type OtpAnalytics = z.infer<typeof otpAnalyticsResponse>;
