import { sendPasswordReset } from "../../accounts/password-reset";
import { defineJob } from "../define-job";

/** A password reset was asked for (contract §14): the token and the email, if the address has an account. */
export const sendPasswordResetJob = defineJob({
  id: "send-password-reset",
  event: "auth/password-reset.requested",
  retries: 4,
  handler: async ({ event, step, db, now }) =>
    step.run("token-and-email", async () => ({
      outcome: await sendPasswordReset(db, event.data.email, now(), {
        ip: event.data.ip ?? null,
        userAgent: event.data.userAgent ?? null,
      }),
    })),
});
