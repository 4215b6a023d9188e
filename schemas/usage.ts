import { z } from "zod";
import { keyEnvironmentSchema } from "./api-keys";
import { moneySchema } from "./money";
import { currencySchema } from "./pricing";
import { calendarDaySchema } from "./dates";

const isoDate = calendarDaySchema;

export const MAX_USAGE_DAYS = 400;

/** contract §8: `GET /api/v1/developer/usage`. */
export const usageQuery = z
  .strictObject({
    from: isoDate.optional().meta({ description: "First day (UTC), inclusive; default: the month's first day." }),
    to: isoDate.optional().meta({ description: "Last day (UTC), inclusive; default: the month's last day." }),
    groupBy: z.enum(["day", "country"]).default("day"),
    environment: keyEnvironmentSchema.default("live"),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "`to` is before `from`.", path: ["to"] });
export type UsageQuery = z.output<typeof usageQuery>;

const amounts = { messages: z.number().int(), segments: z.number().int(), price: moneySchema };

export const usageResponse = z
  .object({
    currency: currencySchema,
    from: z.string().meta({ example: "2026-11-01" }),
    to: z.string().meta({ example: "2026-11-30" }),
    rows: z.array(
      z.object({
        date: z.string().optional().meta({ description: "With groupBy=day: the day (every day of the range)." }),
        country: z.string().optional().meta({ description: "With groupBy=country: the country ('' unknown)." }),
        ...amounts,
      }),
    ),
    total: z.object(amounts),
  })
  .meta({ id: "Usage" });
export type Usage = z.infer<typeof usageResponse>;

export const periodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "A month, YYYY-MM.");

export const statementSummarySchema = z
  .object({
    period: z.string().meta({ example: "2026-11" }),
    status: z.enum(["open", "closed"]),
    messages: z.number().int(),
    segments: z.number().int(),
    total: moneySchema,
  })
  .meta({ id: "StatementSummary" });

export const statementSchema = z
  .object({
    period: z.string(),
    status: z.enum(["open", "closed"]),
    currency: currencySchema,
    lines: z.array(
      z.object({
        country: z.string(),
        pricePerSegment: moneySchema,
        messages: z.number().int(),
        segments: z.number().int(),
        amount: moneySchema,
      }),
    ),
    total: moneySchema,
  })
  .meta({ id: "Statement" });
export type Statement = z.infer<typeof statementSchema>;

export const periodParam = z.object({
  period: z.string().meta({ description: "The month, YYYY-MM.", example: "2026-11" }),
});
