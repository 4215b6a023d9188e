// The campaign sender prices and routes each message by the country stored with its contact
// (contacts.country), and by countryOf where none is stored or the contact's phone has changed
// since the audience was fixed: the message's country and price are the same as a single send's.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { SYSTEM_ACTOR } from "../../audit/actor";
import { seedSender } from "../../test/messaging";
import { priceMessage } from "../../billing/price-message";
import { createContact } from "../../contacts/create-contact";
import { updateContact } from "../../contacts/update-contact";
import { createCampaign } from "../save-campaign";
import { launchCampaign } from "../launch-campaign";
import { expandBatch } from "../expansion/expand-batch";
import { runUntilIdle, seedContacts } from "../test-kit";

let org: string;
const t0 = new Date("2026-11-20T15:00:00Z");

beforeEach(async () => {
  org = (await seedSender()).organizationId;
});

async function launch() {
  const c = await createCampaign(
    getDb(),
    { organizationId: org, environment: "live", apiKeyId: null },
    { name: "c", template: "Sale today" },
    SYSTEM_ACTOR,
    t0,
  );
  await launchCampaign(getDb(), { organizationId: org }, c.id, SYSTEM_ACTOR, t0);
  return c.id;
}

async function expectPricedLikeSingleSends(campaignId: string, count: number) {
  const messages = await getDb().message.findMany({ where: { organizationId: org, batchId: campaignId } });
  expect(messages).toHaveLength(count);
  for (const m of messages) {
    const single = priceMessage("live", m.to, m.segments);
    expect({ to: m.to, country: m.country, price: Number(m.priceUnits) }).toEqual({
      to: m.to,
      country: single.country,
      price: single.priceUnits,
    });
  }
  return new Map(messages.map((m) => [m.to, m.country]));
}

describe("a campaign message's country and price", () => {
  it("come from the stored country, and from countryOf for contacts stored without one", async () => {
    const stored = ["+16045550100", "+447400123456", "+919876543210", "+18765550100", "+12135550123", "+80012345678"];
    for (const phone of stored) await createContact(getDb(), org, { phone }, new Date(t0.getTime() - 60_000));
    // Written without a country (as before the column existed).
    await seedContacts(org, 3, { prefix: "+1242555", first: 100, at: new Date(t0.getTime() - 60_000) });
    const id = await launch();
    await runUntilIdle(org, { now: () => t0 });
    const countries = await expectPricedLikeSingleSends(id, 9);
    expect(countries.get("+16045550100")).toBe("CA");
    expect(countries.get("+447400123456")).toBe("GB");
    expect(countries.get("+12425550100")).toBe("BS");
    expect(countries.get("+80012345678")).toBeNull();
  });

  it("follow the recipient's phone when the contact's phone changed after the audience was fixed", async () => {
    const c = await createContact(getDb(), org, { phone: "+16045550100" }, new Date(t0.getTime() - 60_000));
    const id = await launch();
    await expandBatch({ organizationId: org, id }, t0);
    // The recipient keeps the phone it was added with; the contact's stored country is now India's.
    await updateContact(getDb(), org, c.id, { phone: "+919876543210" });
    await runUntilIdle(org, { now: () => t0 });
    const countries = await expectPricedLikeSingleSends(id, 1);
    expect(countries.get("+16045550100")).toBe("CA");
  });
});
