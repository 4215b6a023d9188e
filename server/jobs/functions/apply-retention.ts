import { getDriver } from "../../db/client";
import { getEnv } from "../../env";
import { retentionPolicyOf } from "../../retention/policy";
import { runRetention } from "../../retention/run-retention";
import { defineJob } from "../define-job";

/**
 * Retention (contract §9): every ten minutes, at most ten seconds of batched deletes and redactions
 * (server/retention/run-retention.ts). Short runs, often, rather than one long nightly purge: the
 * embedded runner waits for a run before it polls again, and a backlog (the first run on an old
 * database) is worked off over the following runs instead of in one long burst of I/O.
 */
export const applyRetentionJob = defineJob({
  id: "apply-retention",
  cron: "*/10 * * * *",
  // A failed run is simply carried on by the next one.
  retries: 1,
  handler: async ({ step, now }) =>
    step.run("apply", async () => {
      const env = getEnv();
      if (env.RETENTION === "off") return { skipped: true };
      return runRetention(getDriver(), retentionPolicyOf(env), now());
    }),
});
