import { getDriver } from "../../db/client";
import { ensurePartitions } from "../../db/partitions/partitions";
import { defineJob } from "../define-job";

/**
 * Every hour, the partitions of the periods ahead (server/db/partitions/): months for messages, OTP
 * codes and audit entries, days for outbox events, made well before a row needs them (a row whose
 * id falls in no partition could not be written). Dropping the ones past their age is retention's
 * (apply-retention.ts).
 */
export const maintainPartitionsJob = defineJob({
  id: "maintain-partitions",
  cron: "23 * * * *",
  retries: 2,
  handler: async ({ step, now }) =>
    step.run("ensure", async () => ({ made: await ensurePartitions(getDriver(), now()) })),
});
