import { Prisma, type DbOrTx } from "../db/client";
import { isolateBatch, type FailedItem } from "../isolation/isolate-batch";
import { isolateItem } from "../isolation/isolate-item";
import { reasonOf, type RunnerItem } from "../isolation/item-failure";
import { logger } from "../logger";
import { currentTransport, type EmailTransport } from "./transport";

/** Attempts per email before it is given up as failed (about 17 hours of backoff in all). */
export const MAX_EMAIL_ATTEMPTS = 10;
/** How long a sender holds a claimed email; a crashed sender's emails are taken again after it. */
export const EMAIL_LEASE_MS = 60_000;
const BATCH = 25;

/** 30 s, 1 min, 2 min … capped at 4 h. */
export function emailRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 4 * 3_600_000);
}

interface ClaimedRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

/**
 * Claim up to BATCH due emails in one statement (SKIP LOCKED, so concurrent senders take disjoint
 * rows) and lease them; the lease, not a held transaction, keeps others off while SMTP talks.
 */
async function claimDue(db: DbOrTx, now: Date, scope: SendScope): Promise<ClaimedRow[]> {
  const leaseUntil = new Date(now.getTime() + EMAIL_LEASE_MS);
  const only = scope.toAddresses ? Prisma.sql`AND to_address = ANY(${scope.toAddresses}::text[])` : Prisma.empty;
  return db.$queryRaw<ClaimedRow[]>`
    UPDATE email_outbox SET locked_until = ${leaseUntil}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM email_outbox
      WHERE status = 'pending' AND next_attempt_at <= ${now}
        AND (locked_until IS NULL OR locked_until <= ${now}) ${only}
      ORDER BY next_attempt_at
      LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, to_address, subject, text_body, html_body, attempts`;
}

/** Tests on a shared database send only their own emails (to their own SMTP peer). */
export interface SendScope {
  toAddresses?: string[];
}

export interface SendOutcome {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Send every due email, batch by batch, until none is left. Each outcome is written with one
 * statement per batch and kind. At least once: a crash between the SMTP answer and the update
 * sends that email again (with the same Message-ID) after its lease.
 */
export async function sendDueEmails(
  db: DbOrTx,
  now: () => Date = () => new Date(),
  transport: EmailTransport = currentTransport(),
  scope: SendScope = {},
): Promise<SendOutcome> {
  const outcome: SendOutcome = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const rows = await claimDue(db, now(), scope);
    if (rows.length === 0) return outcome;
    const results = await Promise.all(
      rows.map(async (row) => {
        try {
          await transport({
            id: row.id,
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
          });
          return { row, error: null };
        } catch (err) {
          return { row, error: err instanceof Error ? err.message : String(err) };
        }
      }),
    );
    const at = now();
    const sent = results.filter((r) => r.error === null).map((r) => r.row.id);
    // Each outcome is the email's own (server/isolation/): one that cannot be written is set aside
    // FAILED with the reason, never left to its lease and sent again and again.
    await isolateBatch({
      items: sent,
      describe: emailItem,
      work: (part) =>
        db.emailOutbox
          .updateMany({
            where: { id: { in: [...part] } },
            data: { status: "sent", sentAt: at, lockedUntil: null, lastError: null },
          })
          .then(() => undefined),
      setAside: (failed) => setAsideEmails(db, failed),
    });
    for (const { row, error } of results) {
      if (error === null) continue;
      const last = row.attempts >= MAX_EMAIL_ATTEMPTS;
      logger.warn("email not sent", { emailId: row.id, attempts: row.attempts, error, givenUp: last });
      await isolateItem(
        emailItem(row.id),
        () =>
          db.emailOutbox.update({
            where: { id: row.id },
            data: {
              status: last ? "failed" : "pending",
              lockedUntil: null,
              lastError: error.slice(0, 500),
              nextAttemptAt: new Date(at.getTime() + emailRetryDelayMs(row.attempts)),
            },
          }),
        (failure) => setAsideEmails(db, [{ item: row.id, failure }]),
      );
    }
    outcome.sent += sent.length;
    outcome.failed += results.filter((r) => r.error !== null && r.row.attempts >= MAX_EMAIL_ATTEMPTS).length;
    outcome.retrying += results.filter((r) => r.error !== null && r.row.attempts < MAX_EMAIL_ATTEMPTS).length;
  }
}

const emailItem = (id: string): RunnerItem => ({ runner: "emails", kind: "email", id });

async function setAsideEmails(db: DbOrTx, failed: readonly FailedItem<string>[]): Promise<void> {
  for (const { item, failure } of failed) {
    await db.emailOutbox.updateMany({
      where: { id: item },
      data: {
        status: "failed",
        lockedUntil: null,
        lastError: reasonOf(failure, "An internal error stopped this email"),
      },
    });
  }
}

/** Sent emails hold links with live tokens for a while: keep them a week (for /dev/mail), no longer. */
export async function pruneSentEmails(db: DbOrTx, now: Date): Promise<number> {
  const { count } = await db.emailOutbox.deleteMany({
    where: { status: { in: ["sent", "failed"] }, createdAt: { lt: new Date(now.getTime() - 7 * 86_400_000) } },
  });
  return count;
}
