import type { Db } from "../db/client";
import { newId } from "../ids";
import { testResultSchema, type TestResult } from "@/schemas/webhooks";
import { recordOutcomes } from "./deliveries/record-outcomes";
import { sendAttempt } from "./deliveries/send-attempt";
import { getWebhookOrThrow } from "./get-webhook-or-throw";

/**
 * contract §6 `POST /webhooks/:id/test`: send a `webhook.test` event now, with the same headers as
 * any other (signed only when the webhook has a secret), and answer how it went. The test is
 * logged as a delivery of its own (one attempt, no retries), so it shows in the delivery log; it
 * works whatever the webhook subscribes to.
 */
export async function testWebhook(db: Db, organizationId: string, webhookId: string): Promise<TestResult> {
  const webhook = await getWebhookOrThrow(db, organizationId, webhookId);
  const now = new Date();
  const eventId = newId("evt");
  const body = JSON.stringify({
    id: eventId,
    event: "webhook.test",
    timestamp: now.toISOString(),
    payload: { webhookId, message: "This is a test event from SignalGate." },
  });
  const lease = new Date(now.getTime() + 60_000);
  const delivery = await db.webhookDelivery.create({
    data: {
      id: newId("dlv"),
      organizationId,
      webhookId,
      eventId,
      event: "webhook.test",
      body,
      status: "PENDING",
      attemptCount: 1,
      // Not due: the worker must not send it as well.
      nextAttemptAt: null,
      lockedUntil: lease,
      createdAt: now,
      updatedAt: now,
    },
  });
  const result = await sendAttempt({ url: webhook.url, secretCiphertext: webhook.secretCiphertext, eventId, body });
  await recordOutcomes(
    null,
    [
      {
        organizationId: delivery.organizationId,
        deliveryId: delivery.id,
        from: "PENDING",
        lease,
        attempt: 1,
        result,
        next: result.ok ? "SUCCEEDED" : "FAILED",
        nextAttemptAt: null,
        disableWebhook: result.statusCode === 410,
      },
    ],
    new Date(),
  );
  return testResultSchema.parse({
    success: result.ok,
    statusCode: result.statusCode,
    responseTimeMs: Math.round(result.responseTimeMs),
    error: result.error,
  });
}
