import type { DbOrTx } from "../db/client";
import type { OnboardingStatus } from "@/schemas/onboarding";

/**
 * Whether the organization has sent a message, has a webhook, and has had a delivery succeed, and
 * whether this member dismissed the list. Each step is one row found by an index on the
 * organization; nothing is read once the list is dismissed.
 */
export async function getOnboarding(db: DbOrTx, organizationId: string, userId: string): Promise<OnboardingStatus> {
  const membership = await db.membership.findUnique({
    where: { userId_organizationId: { userId, organizationId } },
    select: { onboardingDismissedAt: true },
  });
  if (membership?.onboardingDismissedAt) {
    return { messageSent: true, webhookAdded: true, deliverySucceeded: true, dismissed: true };
  }
  const [message, webhook] = await Promise.all([
    db.message.findFirst({ where: { organizationId, direction: "outbound" }, select: { id: true } }),
    db.webhook.findFirst({ where: { organizationId }, select: { id: true } }),
  ]);
  const delivery = webhook
    ? await db.webhookDelivery.findFirst({ where: { organizationId, status: "SUCCEEDED" }, select: { id: true } })
    : null;
  return {
    messageSent: Boolean(message),
    webhookAdded: Boolean(webhook),
    deliverySucceeded: Boolean(delivery),
    dismissed: false,
  };
}

/** Hides the checklist for this member in this organization (idempotent). */
export async function dismissOnboarding(db: DbOrTx, organizationId: string, userId: string, now = new Date()) {
  await db.membership.updateMany({
    where: { userId, organizationId, onboardingDismissedAt: null },
    data: { onboardingDismissedAt: now },
  });
}
