import { expireOtp } from "../../otp/expire-otp";
import { defineJob } from "../define-job";

/**
 * OTP expiry (contract §5): sleeps until the code's `expiresAt`, then marks it EXPIRED and writes
 * `otp.expired`, unless it was verified, cancelled or expired meanwhile. Verify checks the time
 * itself, so a late run never lets an old code through; this job only makes the state and the
 * event timely. The sleep is durable on Inngest and in the embedded runner alike.
 */
export const expireOtpJob = defineJob({
  id: "expire-otp",
  event: "otp/created",
  retries: 4,
  handler: async ({ event, step, db, now }) => {
    await step.sleepUntil("wait-until-expiry", event.data.expiresAt);
    return step.run("expire", async () => ({
      expired: await expireOtp(db, event.data.organizationId ?? null, event.data.otpId, now()),
    }));
  },
});
