/**
 * Every event that starts a background job, with the shape of its data. Add an entry here when a
 * new job needs a new trigger: `sendJobEvent` and `defineJob` are typed from this map. Data must
 * be plain JSON (it is stored in `jobs.data` or sent to Inngest).
 */
export interface JobEvents {
  /**
   * Manual trigger for the refresh-token clean-up, which also runs hourly on its own schedule
   * (with no data: every organization).
   */
  "auth/refresh-tokens.prune": { organizationId?: string };
  /** A code was sent: its expiry job sleeps until `expiresAt` (ISO), then expires it if still pending. */
  /** `organizationId`: the code's key with its id (absent in jobs queued before issue 40). */
  "otp/created": { otpId: string; expiresAt: string; organizationId?: string };
  /**
   * A delivery's first attempt failed: its retry job makes attempts 2 to 6 on the contract's
   * schedule. `round` fences it: a manual redeliver bumps the delivery's round and this job stops.
   */
  /** organizationId: absent from events sent before migration 20261202010000 keyed deliveries by it. */
  "webhook/delivery.failed": { organizationId?: string; deliveryId: string; round: number; attempt: number };
  /** A contacts CSV import was accepted: its job upserts the rows batch by batch from the checkpoint. */
  "contacts/import.created": { importId: string };
  /**
   * An email was queued in the outbox (server/email/): the send-emails job sends what is due. Also
   * runs every minute with no data, as the sweep for retries and crashed senders.
   */
  "email/queued": { emailId?: string };
  /** POST /auth/password-reset: the job looks the address up, so the request's work never depends on it. */
  "auth/password-reset.requested": { email: string; ip?: string | null; userAgent?: string | null };
  /** A campaign started or resumed (contract §11): the campaign runner works at once, not at the next minute. */
  "campaigns/wake": { campaignId?: string };
}

export type JobEventName = keyof JobEvents;

/** The name a cron-started run sees as its event (Inngest's own name for it). */
export const SCHEDULED_EVENT = "inngest/scheduled.timer";
