import { getDb } from "../db/client";

/**
 * Gives a sender of the organization its own pace before anything is sent from it (contract §15:
 * live hand-offs are paced per sender; a test about something else sends faster than a long
 * code's 1 segment per second). `SG` is the default sender of a seeded organization.
 */
export async function paceSender(organizationId: string, mps: number, sender = "SG"): Promise<void> {
  await getDb().senderQueue.upsert({
    where: { organizationId_sender: { organizationId, sender } },
    create: { organizationId, sender, mps },
    update: { mps },
  });
}
