import { z } from "zod";
import { keyEnvironmentSchema } from "./api-keys";
import { moneySchema } from "./money";

/** contract §16, Alerts. Client-safe: the REST API, tRPC, the dashboard's form and OpenAPI. */
export const ALERT_METRICS = ["delivery_rate", "error_rate", "webhook_failure_rate", "spend"] as const;
export const alertMetricSchema = z.enum(ALERT_METRICS);
export type AlertMetric = z.infer<typeof alertMetricSchema>;

export const ALERT_METRIC_LABELS: Record<AlertMetric, string> = {
  delivery_rate: "Delivery rate falls below",
  error_rate: "Error rate rises above",
  webhook_failure_rate: "Webhook failure rate rises above",
  spend: "Spend rises above",
};

/** delivery_rate triggers below its threshold; the others above it. */
export function crosses(metric: AlertMetric, value: number, threshold: number): boolean {
  return metric === "delivery_rate" ? value < threshold : value > threshold;
}

const threshold = z
  .union([z.number().min(0).max(1), moneySchema])
  .meta({ description: 'Rates: a fraction from 0 to 1. Spend: an amount with four decimal places, e.g. "25.0000".' });
const windowMinutes = z.number().int().min(5).max(1440);

function thresholdMatchesMetric(v: { metric?: AlertMetric; threshold?: number | string }, ctx: z.RefinementCtx) {
  if (v.metric === undefined || v.threshold === undefined) return;
  const wantsMoney = v.metric === "spend";
  if (wantsMoney !== (typeof v.threshold === "string")) {
    ctx.addIssue({
      code: "custom",
      path: ["threshold"],
      message: wantsMoney ? 'spend takes an amount such as "25.0000".' : "A rate is a number from 0 to 1.",
    });
  }
}

export const createAlertInput = z
  .strictObject({ metric: alertMetricSchema, threshold, windowMinutes, environment: keyEnvironmentSchema })
  .superRefine(thresholdMatchesMetric)
  .meta({ id: "CreateAlertRequest" });
export type CreateAlertInput = z.infer<typeof createAlertInput>;

/** The metric is fixed once created; the threshold must still suit it. */
export const updateAlertInput = z
  .strictObject({
    threshold: threshold.optional(),
    windowMinutes: windowMinutes.optional(),
    environment: keyEnvironmentSchema.optional(),
  })
  .meta({ id: "UpdateAlertRequest" });
export type UpdateAlertInput = z.infer<typeof updateAlertInput>;

export const alertSchema = z
  .object({
    id: z.string().meta({ example: "alr_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    metric: alertMetricSchema,
    threshold,
    windowMinutes: z.number().int(),
    environment: keyEnvironmentSchema,
    state: z.enum(["ok", "triggered"]),
    /** The value at the last evaluation (null before the first, or with nothing to measure). */
    lastValue: z.number().nullable(),
    lastEvaluatedAt: z.string().nullable(),
    triggeredAt: z.string().nullable(),
    resolvedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Alert" });
export type AlertView = z.infer<typeof alertSchema>;
