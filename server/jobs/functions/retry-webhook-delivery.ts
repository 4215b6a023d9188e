import { MAX_DELIVERY_ATTEMPTS } from "@/schemas/webhooks";
import { retryDelayMs } from "../../webhooks/deliveries/retry-delay";
import { deliveryOf, retryAttempt, stopRetries } from "../../webhooks/deliveries/retry-attempt";
import { isolateItem } from "../../isolation/isolate-item";
import { reasonOf } from "../../isolation/item-failure";
import { defineJob } from "../define-job";

/**
 * The retry schedule of one delivery (contract §6): after the failed attempt n, sleep the n-th
 * delay (1 min, 5 min, 30 min, 2 h, 24 h) and try again, until a success, a 410, a stop (webhook
 * disabled or deleted, redelivered by hand) or the 6th attempt. Each attempt is one memoized step
 * that never throws for an HTTP failure, so Inngest's own step retries cannot add requests; the
 * attempt counter in the row fences a step that is replayed after a crash. An attempt that throws on
 * its own account (server/isolation/) ends the delivery FAILED with the reason and error reference.
 */
export const retryWebhookDeliveryJob = defineJob({
  id: "retry-webhook-delivery",
  event: "webhook/delivery.failed",
  retries: 4,
  handler: async ({ event, step, db, now }) => {
    const { deliveryId, round } = event.data;
    const delivery = event.data.organizationId
      ? { organizationId: event.data.organizationId, id: deliveryId }
      : await step.run("find-delivery", () => deliveryOf(db, deliveryId));
    if (!delivery) return { attempts: event.data.attempt, status: "DELETED" };
    for (let attempt = event.data.attempt + 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      await step.sleep(`wait-before-attempt-${attempt}`, retryDelayMs(attempt - 1)!);
      const result = await step.run(`attempt-${attempt}`, async () => {
        const made = await isolateItem(
          { runner: "webhook-retries", kind: "delivery", id: deliveryId, organizationId: delivery.organizationId },
          () => retryAttempt(db, delivery, round, attempt, now()),
          (failure) =>
            stopRetries(db, delivery, round, reasonOf(failure, "An internal error stopped this delivery"), now()),
        );
        return made.ok ? made.value : { done: true as const, status: "FAILED" };
      });
      if (result.done) return { attempts: attempt, status: result.status };
    }
    return { attempts: MAX_DELIVERY_ATTEMPTS, status: "FAILED" };
  },
});
