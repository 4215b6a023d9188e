import { MAX_DELIVERY_ATTEMPTS } from "@/schemas/webhooks";
import type { PostWebhookResult } from "../http/post-webhook";
import { retryDelayMs } from "./retry-delay";

export type DeliveryStatus = "PENDING" | "SUCCEEDED" | "RETRYING" | "FAILED";

export interface AttemptOutcome {
  organizationId: string;
  deliveryId: string;
  /** The status the row must still have (and, for claimed rows, the lease) for the outcome to count. */
  from: "PENDING" | "RETRYING";
  lease: Date;
  attempt: number;
  result: PostWebhookResult;
  next: DeliveryStatus;
  nextAttemptAt: Date | null;
  /** A 410 Gone: the endpoint asked us to stop; the webhook is disabled. */
  disableWebhook: boolean;
}

/**
 * What a finished attempt means for its delivery (contract §6): 2xx succeeds; 410 fails and
 * disables the webhook; any other failure waits for the next retry while the schedule has one
 * (`scheduled` false for manual redeliveries, which get one attempt), else fails for good.
 */
export function decideOutcome(
  attempt: number,
  result: PostWebhookResult,
  now: Date,
  scheduled: boolean,
): Pick<AttemptOutcome, "next" | "nextAttemptAt" | "disableWebhook"> {
  if (result.ok) return { next: "SUCCEEDED", nextAttemptAt: null, disableWebhook: false };
  if (result.statusCode === 410) return { next: "FAILED", nextAttemptAt: null, disableWebhook: true };
  const delay = retryDelayMs(attempt);
  if (scheduled && attempt < MAX_DELIVERY_ATTEMPTS && delay !== undefined) {
    return { next: "RETRYING", nextAttemptAt: new Date(now.getTime() + delay), disableWebhook: false };
  }
  return { next: "FAILED", nextAttemptAt: null, disableWebhook: false };
}
