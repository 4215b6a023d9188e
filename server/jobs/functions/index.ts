import type { AnyJobDefinition } from "../types";
import { pruneFinishedJobsJob } from "./prune-finished-jobs";
import { pruneRefreshTokens } from "./prune-refresh-tokens";
import { expireOtpJob } from "./expire-otp";
import { pruneIdempotencyKeysJob } from "./prune-idempotency-keys";
import { retryWebhookDeliveryJob } from "./retry-webhook-delivery";
import { applyRetentionJob } from "./apply-retention";
import { maintainPartitionsJob } from "./maintain-partitions";
import { importContactsJob } from "./import-contacts";
import { dispatchScheduledMessagesJob } from "../../scheduling/dispatch-job";
import { sendEmailsJob } from "./send-emails";
import { sendPasswordResetJob } from "./send-password-reset";
import { runCampaignsJob } from "../../campaigns/runner/run-job";
import { evaluateAlertsJob } from "./evaluate-alerts";

/** Every job of the app: served to Inngest, or run by the embedded runner. Add new jobs here. */
export const allJobs: readonly AnyJobDefinition[] = [
  pruneRefreshTokens,
  pruneFinishedJobsJob,
  expireOtpJob,
  pruneIdempotencyKeysJob,
  retryWebhookDeliveryJob,
  applyRetentionJob,
  maintainPartitionsJob,
  importContactsJob,
  dispatchScheduledMessagesJob,
  sendEmailsJob,
  sendPasswordResetJob,
  runCampaignsJob,
  evaluateAlertsJob,
];
