// Issue 38, item 3: a campaign's text obeys `POST /sms/send`'s 1,600 characters once filled in.
// A recipient whose text comes out longer is skipped (`invalid_template`, saying the length), the
// preview and the test send refuse it, and the estimate counts the texts as they will be sent.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { SYSTEM_ACTOR } from "../audit/actor";
import { newId } from "../ids";
import { seedSender } from "../test/messaging";
import { createCampaign } from "./save-campaign";
import { getCampaignView } from "./get-campaign-or-throw";
import { launchCampaign } from "./launch-campaign";
import { listRecipients } from "./list-recipients";
import { previewCampaign, testSendCampaign } from "./preview-campaign";
import { runUntilIdle } from "./test-kit";
import { countSegments } from "@/schemas/segments";
import { pricePerSegment, priceList } from "../billing/price-list";

let org: string;
const TEMPLATE = "Hello {{firstName}}! {{attributes.big}}{{attributes.big}}";

beforeEach(async () => {
  org = (await seedSender()).organizationId;
});

async function contact(phone: string, firstName: string, big: string): Promise<string> {
  const id = newId("ct");
  await getDb().contact.create({
    data: {
      id,
      organizationId: org,
      phone,
      firstName,
      attributes: { big },
      createdAt: new Date(),
      updatedAt: new Date(),
    },
  });
  return id;
}

describe("a campaign text filled in past 1,600 characters", () => {
  it("is skipped with invalid_template saying the length, refused by the preview and the test send, and costs nothing in the estimate", async () => {
    const small = await contact("+14155550101", "Ann", "short");
    const huge = await contact("+14155550102", "Bob", "x".repeat(1_000));
    const c = await createCampaign(
      getDb(),
      { organizationId: org, environment: "live", apiKeyId: null },
      { name: "long", template: TEMPLATE, appendOptOutText: false },
      SYSTEM_ACTOR,
    );
    // The estimate fills each contact in: Ann's 1-segment text is all it prices.
    const annText = "Hello Ann! shortshort";
    const perSegment = pricePerSegment(priceList(), "US");
    expect(c.estimate).toEqual({
      recipients: 2,
      segments: countSegments(annText).segments,
      price: (perSegment / 10_000).toFixed(4),
    });

    const scope = { organizationId: org };
    const refused = await previewCampaign(getDb(), scope, c.id, { contactId: huge }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: "invalid_request",
      details: [
        { path: "template", message: expect.stringMatching(/2,011 characters; a message may have at most 1,600/) },
      ],
    });
    expect((await previewCampaign(getDb(), scope, c.id, { contactId: small })).text).toBe(annText);
    const test = await testSendCampaign(getDb(), scope, c.id, { to: "+14155550199", contactId: huge }, null).catch(
      (e: unknown) => e,
    );
    expect(test).toMatchObject({ code: "invalid_request" });
    expect(await getDb().message.count({ where: { organizationId: org, to: "+14155550199" } })).toBe(0);
  });

  it("skips the recipient at send time, with the length in the recipients list", async () => {
    await contact("+14155550111", "Ann", "short");
    const huge = await contact("+14155550112", "Bob", "y".repeat(900));
    const c = await createCampaign(
      getDb(),
      { organizationId: org, environment: "test", apiKeyId: null },
      { name: "long", template: TEMPLATE },
      SYSTEM_ACTOR,
    );
    await launchCampaign(getDb(), { organizationId: org }, c.id, SYSTEM_ACTOR);
    await runUntilIdle(org);
    const v = await getCampaignView(getDb(), { organizationId: org }, c.id);
    expect(v.stats).toMatchObject({ recipients: 2, queued: 1, skipped: { invalid_template: 1 } });
    const { items } = await listRecipients(getDb(), { organizationId: org }, c.id);
    const skipped = items.find((r) => r.contactId === huge)!;
    expect(skipped).toMatchObject({ status: "SKIPPED", skippedReason: "invalid_template", messageId: null });
    expect(skipped.skippedDetail).toMatch(
      /^Filled in, the text is 1,8\d\d characters; a message may have at most 1,600\.$/,
    );
    const sent = await getDb().message.findMany({ where: { organizationId: org, batchId: c.id } });
    expect(sent.map((m) => m.to)).toEqual(["+14155550111"]);
    expect(sent[0]!.body.length).toBeLessThanOrEqual(1600);
  });
});
