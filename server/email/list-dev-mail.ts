import type { DbOrTx } from "../db/client";

/** /dev/mail: the newest emails of the outbox, whatever their state (contract §14, outside production). */
export function listDevMail(db: DbOrTx, limit = 50) {
  return db.emailOutbox.findMany({
    orderBy: { id: "desc" },
    take: limit,
    select: {
      id: true,
      toAddress: true,
      subject: true,
      textBody: true,
      status: true,
      attempts: true,
      lastError: true,
      createdAt: true,
      sentAt: true,
    },
  });
}
