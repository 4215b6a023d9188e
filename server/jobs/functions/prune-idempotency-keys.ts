import { pruneIdempotencyKeys } from "../../idempotency/store";
import { defineJob } from "../define-job";

/** Idempotency-Key records are kept 24 hours (contract §5); hourly, the older ones go. */
export const pruneIdempotencyKeysJob = defineJob({
  id: "prune-idempotency-keys",
  cron: "17 * * * *",
  retries: 2,
  handler: async ({ step, db, now }) =>
    step.run("prune", async () => ({ deleted: await pruneIdempotencyKeys(db, now()) })),
});
