import type { Db } from "../db/client";
import type { Alert } from "../db/generated/client";
import { crosses, type AlertMetric } from "@/schemas/alerts";
import { formatMoney } from "@/schemas/money";
import { measure } from "./measure";
import { notifyAlert } from "./notify";

export interface AlertRun {
  evaluated: number;
  triggered: string[];
  resolved: string[];
}

const METRIC_NAMES: Record<AlertMetric, string> = {
  delivery_rate: "delivery rate",
  error_rate: "error rate",
  webhook_failure_rate: "webhook failure rate",
  spend: "spend",
};

function shown(metric: AlertMetric, value: number): string | number {
  return metric === "spend" ? formatMoney(Math.round(value)) : Math.round(value * 10_000) / 10_000;
}

/**
 * Evaluate every alert at `now` (the evaluate-alerts job, each minute; tests pass their clock).
 * Hysteresis by state: an alert moves ok → triggered only from ok, and back only from triggered,
 * each move a conditional update, so any number of evaluators make one event per crossing. No
 * data (no settled message in the window) changes nothing.
 */
export async function evaluateAlerts(db: Db, now: Date): Promise<AlertRun> {
  const run: AlertRun = { evaluated: 0, triggered: [], resolved: [] };
  let after = "";
  for (;;) {
    const alerts = await db.alert.findMany({ where: { id: { gt: after } }, orderBy: { id: "asc" }, take: 500 });
    if (alerts.length === 0) return run;
    for (const alert of alerts) {
      await evaluateOne(db, alert, now, run);
      run.evaluated++;
    }
    after = alerts[alerts.length - 1]!.id;
  }
}

async function evaluateOne(db: Db, alert: Alert, now: Date, run: AlertRun): Promise<void> {
  const value = await measure(db, alert, now);
  const threshold = alert.metric === "spend" ? Number(alert.thresholdUnits ?? 0) : (alert.threshold ?? 0);
  const crossing = value !== null && crosses(alert.metric, value, threshold);
  const next = value === null ? alert.state : crossing ? "triggered" : "ok";
  const lastValue = value === null ? null : alert.metric === "spend" ? value / 10_000 : value;
  if (next === alert.state) {
    await db.alert.updateMany({
      where: { organizationId: alert.organizationId, id: alert.id },
      data: { lastValue, lastEvaluatedAt: now },
    });
    return;
  }
  const moved = await db.$transaction(async (tx) => {
    const { count } = await tx.alert.updateMany({
      where: { organizationId: alert.organizationId, id: alert.id, state: alert.state },
      data: {
        state: next,
        lastValue,
        lastEvaluatedAt: now,
        ...(next === "triggered" ? { triggeredAt: now } : { resolvedAt: now }),
      },
    });
    if (count === 0) return false;
    const name = METRIC_NAMES[alert.metric];
    const state = next === "triggered" ? "triggered" : "resolved";
    const env = alert.environment === "live" ? "live" : "sandbox";
    await notifyAlert(
      tx,
      {
        organizationId: alert.organizationId,
        state,
        payload: {
          alertId: alert.id,
          metric: alert.metric,
          value: shown(alert.metric, value ?? 0),
          threshold: shown(alert.metric, threshold),
          windowMinutes: alert.windowMinutes,
        },
        what: `${name} ${shown(alert.metric, value ?? 0)}`,
        detail:
          `The ${env} ${name} over the last ${alert.windowMinutes} minutes is ${shown(alert.metric, value ?? 0)}; ` +
          `the alert's threshold is ${shown(alert.metric, threshold)}. ` +
          (state === "triggered" ? "The alert is now triggered." : "The alert is back to normal."),
      },
      now,
    );
    return true;
  });
  if (moved) (next === "triggered" ? run.triggered : run.resolved).push(alert.id);
}
