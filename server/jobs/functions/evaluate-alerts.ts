import { getDb } from "../../db/client";
import { evaluateAlerts } from "../../alerts/evaluate";
import { evaluateFailingWebhooks } from "../../alerts/webhook-failing";
import { defineJob } from "../define-job";

/** Alerts (contract §16): every minute, from the aggregates (server/alerts/). */
export const evaluateAlertsJob = defineJob({
  id: "evaluate-alerts",
  cron: "* * * * *",
  // A failed run is simply carried on by the next minute's.
  retries: 0,
  handler: async ({ step, now }) =>
    step.run("evaluate", async () => {
      const at = now();
      const alerts = await evaluateAlerts(getDb(), at);
      const webhooks = await evaluateFailingWebhooks(getDb(), at);
      return { evaluated: alerts.evaluated, triggered: alerts.triggered.length + webhooks.triggered.length };
    }),
});
