import type { Db } from "../db/client";
import { smallestIdAt } from "../ids";
import { notifyAlert } from "./notify";

/** The newest settled deliveries judged per endpoint: bounded whatever an endpoint's traffic. */
const SAMPLE = 20;
const DAY_MS = 24 * 60 * 60_000;

// Per active webhook: its newest settled deliveries of the last 24 hours (a range of the
// (webhook_id, id) index, cut at the sample) and its oldest delivery of the window (the first entry
// of the same range). Failing for 24 hours: deliveries reach back (nearly) a day and none of the
// newest succeeded.
const FAILING_SQL = `
SELECT w.id, w.organization_id, w.name, w.url, w.failing_alerted_at, s.settled, s.succeeded, o.oldest
FROM webhooks w
CROSS JOIN LATERAL (
  SELECT count(*)::int AS settled, (count(*) FILTER (WHERE status = 'SUCCEEDED'))::int AS succeeded
  FROM (SELECT status FROM webhook_deliveries
        WHERE organization_id = w.organization_id AND webhook_id = w.id AND id >= $1 AND status <> 'PENDING'
        ORDER BY id DESC LIMIT ${SAMPLE}) recent
) s
CROSS JOIN LATERAL (
  SELECT min(id) AS oldest FROM webhook_deliveries
  WHERE organization_id = w.organization_id AND webhook_id = w.id AND id >= $1
) o
WHERE w.is_active AND ($3::text IS NULL OR w.organization_id = $3)
  AND (s.settled > 0 OR w.failing_alerted_at IS NOT NULL)
  AND (o.oldest < $2 OR w.failing_alerted_at IS NOT NULL)`;

interface Row {
  id: string;
  organization_id: string;
  name: string;
  url: string;
  failing_alerted_at: Date | null;
  settled: number;
  succeeded: number;
  oldest: string | null;
}

/**
 * contract §16: an alert when a webhook endpoint has failed every attempt for 24 hours (the
 * dashboard's Failing badge, at its worst), and its resolution at its next success. Remembered on
 * the webhook (`failing_alerted_at`), so each episode gives one of each.
 */
export async function evaluateFailingWebhooks(
  db: Db,
  now: Date,
  organizationId: string | null = null,
): Promise<{ triggered: string[]; resolved: string[] }> {
  const since = smallestIdAt("dlv", new Date(now.getTime() - DAY_MS));
  const longAgo = smallestIdAt("dlv", new Date(now.getTime() - DAY_MS + 60 * 60_000));
  const rows = await db.$queryRawUnsafe<Row[]>(FAILING_SQL, since, longAgo, organizationId);
  const out = { triggered: [] as string[], resolved: [] as string[] };
  for (const w of rows) {
    const failing = w.settled > 0 && w.succeeded === 0 && w.oldest !== null && w.oldest < longAgo;
    const recovered = w.succeeded > 0;
    if (failing && !w.failing_alerted_at) {
      if (await move(db, w, now, "triggered")) out.triggered.push(w.id);
    } else if (recovered && w.failing_alerted_at) {
      if (await move(db, w, now, "resolved")) out.resolved.push(w.id);
    }
  }
  return out;
}

async function move(db: Db, w: Row, now: Date, state: "triggered" | "resolved"): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.webhook.updateMany({
      where: { id: w.id, failingAlertedAt: state === "triggered" ? null : { not: null } },
      data: { failingAlertedAt: state === "triggered" ? now : null },
    });
    if (count === 0) return false;
    await notifyAlert(
      tx,
      {
        organizationId: w.organization_id,
        state,
        payload: {
          alertId: null,
          metric: "webhook_endpoint_failing",
          webhookId: w.id,
          value: state === "triggered" ? 0 : 1,
          threshold: 0,
          windowMinutes: 1440,
        },
        what: `webhook "${w.name}" ${state === "triggered" ? "failing for 24 hours" : "delivering again"}`,
        detail:
          state === "triggered"
            ? `Every attempt to deliver to ${w.url} has failed for 24 hours. Events keep being retried; check the endpoint and its delivery log.`
            : `${w.url} accepted a delivery again.`,
      },
      now,
    );
    return true;
  });
}
