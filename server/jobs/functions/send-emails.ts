import { pruneSentEmails, sendDueEmails } from "../../email/send-emails";
import { defineJob } from "../define-job";

/**
 * The email outbox's sender (contract §14): started by each queued email, and every minute as a
 * sweep for emails whose retry is due or whose sender died. Each run sends whatever is due, so
 * which run sends a given email does not matter; the outbox rows carry the retries.
 */
export const sendEmailsJob = defineJob({
  id: "send-emails",
  event: "email/queued",
  cron: "* * * * *",
  retries: 4,
  handler: async ({ step, db, now }) => {
    const sent = await step.run("send-due", () => sendDueEmails(db, now));
    const pruned = await step.run("prune-sent", () => pruneSentEmails(db, now()));
    return { ...sent, pruned };
  },
});
