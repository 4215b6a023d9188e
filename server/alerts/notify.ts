import type { DbOrTx } from "../db/client";
import { appUrl } from "../email/links";
import { enqueueEmail } from "../email/enqueue-email";
import { newId } from "../ids";

export interface AlertNotice {
  organizationId: string;
  state: "triggered" | "resolved";
  /** The event's payload (contract §16: `{ alertId, metric, value, threshold, windowMinutes }`). */
  payload: Record<string, unknown>;
  /** One line for the email's subject, one paragraph for its body. */
  what: string;
  detail: string;
}

/**
 * `alert.triggered` / `alert.resolved` and an email to each owner and admin, in the caller's
 * transaction: the state change, its event and its emails commit together or not at all.
 */
export async function notifyAlert(tx: DbOrTx, notice: AlertNotice, now: Date): Promise<void> {
  await tx.outboxEvent.create({
    data: {
      id: newId("evt"),
      organizationId: notice.organizationId,
      type: `alert.${notice.state}`,
      payload: notice.payload as object,
      occurredAt: now,
    },
  });
  const org = await tx.organization.findUniqueOrThrow({
    where: { id: notice.organizationId },
    select: { name: true, memberships: { where: { role: { in: ["owner", "admin"] } }, select: { user: true } } },
  });
  for (const { user } of org.memberships) {
    await enqueueEmail(
      tx,
      user.email,
      {
        template: "alert",
        data: {
          state: notice.state,
          organizationName: org.name,
          what: notice.what,
          detail: notice.detail,
          url: appUrl("/dashboard/alerts"),
        },
      },
      now,
    );
  }
}
