import type { DbOrTx } from "../db/client";
import { newId } from "../ids";
import { sendJobEvent } from "../jobs/send-event";
import { renderEmail, type EmailTemplate } from "./templates";

/**
 * Queue one email in the caller's transaction: the outbox row (rendered, ready to send) and the
 * send-emails job commit with the change that causes them, or neither does. A crash after commit
 * loses nothing: the row waits for the job (or its minutely sweep). Under Inngest the event is
 * sent before the commit, so that run may find nothing yet; the sweep then sends the email.
 */
export async function enqueueEmail(db: DbOrTx, to: string, email: EmailTemplate, now = new Date()): Promise<string> {
  const rendered = renderEmail(email);
  const id = newId("eml");
  await db.emailOutbox.create({
    data: {
      id,
      toAddress: to,
      template: email.template,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      nextAttemptAt: now,
      createdAt: now,
    },
  });
  await sendJobEvent(db, "email/queued", { emailId: id }, { dedupeKey: `email:${id}` });
  return id;
}
