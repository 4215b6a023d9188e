// Seeds and the snapshot of the security suite's management table (security-management-routes.ts):
// the resources its by-id routes address, and what a refused request must not have changed.
import { seedApiKey } from "@/server/test/seed";
import { getDb } from "@/server/db/client";
import { newId } from "@/server/ids";
import { createInvitation } from "@/server/invitations/create-invitation";
import { uniqueEmail } from "@/server/test/http";
import { createWebhook } from "@/server/webhooks/create-webhook";
import { createSenderPool } from "@/server/sender-pools/manage";
import { SYSTEM_ACTOR } from "@/server/audit/actor";

export const seedKeyResource = async (organizationId: string): Promise<Record<string, string>> => ({
  id: (await seedApiKey(organizationId)).id,
});

/** A webhook (public URL: nothing is ever delivered) with one logged delivery. */
export async function seedWebhookResource(organizationId: string) {
  const webhook = await createWebhook(
    getDb(),
    organizationId,
    {
      name: "security",
      url: "https://hooks.example.com/security",
      events: ["*"],
    },
    SYSTEM_ACTOR,
  );
  const delivery = await getDb().webhookDelivery.create({
    data: {
      id: newId("dlv"),
      organizationId,
      webhookId: webhook.id,
      eventId: newId("evt"),
      event: "otp.sent",
      body: "{}",
      status: "FAILED",
      nextAttemptAt: null,
    },
  });
  return { id: webhook.id, deliveryId: delivery.id };
}

/** A pending invitation of the organization. */
export async function seedInvitationResource(organizationId: string) {
  const { invitation } = await createInvitation(
    getDb(),
    organizationId,
    { email: uniqueEmail("invitee"), role: "developer" },
    "owner",
    SYSTEM_ACTOR,
  );
  return { id: invitation.id };
}

/** A sender pool of the organization (a label only: numbers are global, the pool is not). */
export async function seedSenderPoolResource(organizationId: string): Promise<Record<string, string>> {
  const pool = await createSenderPool(
    getDb(),
    organizationId,
    { name: "security", alphanumericSenderId: "Acme" },
    SYSTEM_ACTOR,
  );
  return { id: pool.id };
}

/** What a refused request must not have changed. */
export async function snapshot(params: Record<string, string>) {
  const db = getDb();
  return {
    key: params.id ? await db.apiKey.findFirst({ where: { id: params.id } }) : null,
    webhook: params.id ? await db.webhook.findFirst({ where: { id: params.id } }) : null,
    invitation: params.id ? await db.invitation.findFirst({ where: { id: params.id } }) : null,
    delivery: params.deliveryId
      ? await db.webhookDelivery.findFirst({ where: { id: params.deliveryId }, include: { attempts: true } })
      : null,
    senderPool: params.id ? await db.senderPool.findFirst({ where: { id: params.id } }) : null,
    fraudBlocks: params.prefix ? await db.fraudBlock.findMany({ where: { prefix: params.prefix } }) : null,
  };
}

/** An active fraud-guard block of the organization, on a prefix of its own. */
export async function seedFraudBlock(organizationId: string): Promise<Record<string, string>> {
  const prefix = `+1${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
  const now = new Date();
  await getDb().fraudBlock.create({
    data: {
      id: newId("fblk"),
      organizationId,
      environment: "test",
      prefix,
      country: null,
      level: "standard",
      minSends: 10,
      minConversion: 0.2,
      sends: 10,
      verified: 0,
      windowStart: new Date(now.getTime() - 3_600_000),
      blockedAt: now,
      until: new Date(now.getTime() + 12 * 3_600_000),
    },
  });
  return { prefix };
}
