// The campaign builder's contact picker (issue 39): only contacts the audience reaches.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { seedContacts } from "../campaigns/test-kit";
import { seedOrganization } from "../test/seed";
import { callerFor } from "../test/trpc";

describe("campaignTools.audienceContacts", () => {
  it("offers the audience's contacts only: its tags, none of the excluded, not opted out, by search", async () => {
    const owner = await seedOrganization("owner");
    const org = owner.organizationId;
    await seedContacts(org, 3, { first: 0, tags: ["vip"] });
    await seedContacts(org, 1, { first: 10, tags: ["vip", "staff"] });
    await seedContacts(org, 1, { first: 20, tags: ["staff"], firstName: "Outsider" });
    await getDb().contactOptOut.create({
      data: { organizationId: org, phone: "+14155550002", source: "api", optedOutAt: new Date() },
    });
    const caller = callerFor(owner.userId, org);
    const phones = async (input: Parameters<typeof caller.campaignTools.audienceContacts>[0]) =>
      (await caller.campaignTools.audienceContacts(input)).items.map((c) => c.phone).sort();

    expect(await phones({ audience: { tags: ["vip"], excludeTags: ["staff"] } })).toEqual([
      "+14155550000",
      "+14155550001",
    ]);
    expect(await phones({ audience: { tags: [], excludeTags: [] }, q: "Outsider" })).toEqual(["+14155550020"]);
    expect(await phones({ audience: { tags: ["vip"], excludeTags: [] }, q: "Outsider" })).toEqual([]);
  });
});
