import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { newId } from "../ids";
import { insertMessages } from "../messages/insert-messages";
import { newMessage } from "../test/new-message";
import { seedMember, seedOrganization } from "../test/seed";
import { callerFor } from "../test/trpc";

// The Overview's setup checklist (issue 39, item 3): it ticks itself from what exists, and each
// member dismisses it for themselves.
describe("onboarding checklist", () => {
  it("ticks a sent message, a webhook and a succeeded delivery; dismissing hides it for that member only", async () => {
    const owner = await seedOrganization("owner");
    const support = await seedMember(owner.organizationId, "support");
    const ownerCaller = callerFor(owner.userId, owner.organizationId);
    const none = { messageSent: false, webhookAdded: false, deliverySucceeded: false, dismissed: false };
    expect(await ownerCaller.onboarding.status()).toEqual(none);

    await insertMessages(null, [newMessage(owner.organizationId)], new Date());
    expect(await ownerCaller.onboarding.status()).toMatchObject({ messageSent: true, webhookAdded: false });

    const webhook = await getDb().webhook.create({
      data: {
        id: newId("wh"),
        organizationId: owner.organizationId,
        name: "Hook",
        url: "https://example.com/h",
        events: ["*"],
      },
    });
    const delivery = (status: "FAILED" | "SUCCEEDED") =>
      getDb().webhookDelivery.create({
        data: {
          id: newId("dlv"),
          organizationId: owner.organizationId,
          webhookId: webhook.id,
          eventId: newId("evt"),
          event: "message.delivered",
          body: "{}",
          status,
        },
      });
    await delivery("FAILED");
    expect(await ownerCaller.onboarding.status()).toMatchObject({ webhookAdded: true, deliverySucceeded: false });
    await delivery("SUCCEEDED");
    expect(await ownerCaller.onboarding.status()).toMatchObject({ deliverySucceeded: true, dismissed: false });

    await ownerCaller.onboarding.dismiss();
    await ownerCaller.onboarding.dismiss();
    expect((await ownerCaller.onboarding.status()).dismissed).toBe(true);
    // Support has a checklist of its own, still there.
    expect(await callerFor(support.userId, owner.organizationId).onboarding.status()).toMatchObject({
      messageSent: true,
      dismissed: false,
    });
  });
});
