// Issue 37 §2: one campaign's failure never stalls another organization's. A campaign whose batch
// throws (here: its messages cannot be written, as a data fault would do) is set aside, PAUSED
// with `internal_error` and the logged error's reference, while the other organization's campaign
// runs to the end in the same passes; once the cause is gone, resume finishes it. And every
// RUNNING campaign gets its turn: the 201st is no longer left out while 200 others run.
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { newIdAt } from "../../ids";
import { logger } from "../../logger";
import { SYSTEM_ACTOR } from "../../audit/actor";
import { seedOrganization } from "../../test/seed";
import { loggedSetAside, poisonRows, POISON_MESSAGE } from "../../test/isolation";
import { createCampaign } from "../save-campaign";
import { getCampaignView } from "../get-campaign-or-throw";
import { launchCampaign, resumeCampaign } from "../launch-campaign";
import { runUntilIdle, seedContacts } from "../test-kit";
import { runCampaignsOnce } from "./run-once";
import { listRunningCampaigns, RUNNING_LIST_LIMIT } from "./running-campaigns";

afterEach(() => vi.restoreAllMocks());

async function launched(organizationId: string, name: string): Promise<string> {
  const c = await createCampaign(
    getDb(),
    { organizationId, environment: "test", apiKeyId: null },
    { name, template: "Hi {{firstName|there}}" },
    SYSTEM_ACTOR,
  );
  await launchCampaign(getDb(), { organizationId }, c.id, SYSTEM_ACTOR);
  return c.id;
}

const view = (organizationId: string, id: string) => getCampaignView(getDb(), { organizationId }, id);

describe("a campaign whose work throws", () => {
  it("is PAUSED with internal_error and its error reference; the other organization's campaign completes; resume finishes it", async () => {
    const a = (await seedOrganization("owner")).organizationId;
    const b = (await seedOrganization("owner")).organizationId;
    await seedContacts(a, 4, { prefix: "+1415556" });
    await seedContacts(b, 4, { prefix: "+1415557" });
    const failing = await launched(a, "failing");
    const healthy = await launched(b, "healthy");
    vi.spyOn(logger, "error");

    const cure = await poisonRows("messages", "INSERT", `NEW.batch_id = '${failing}'`);
    try {
      await runUntilIdle([a, b]);
    } finally {
      await cure();
    }

    expect(await view(b, healthy)).toMatchObject({ status: "COMPLETED", stats: { queued: 4, pending: 0 } });
    const paused = await view(a, failing);
    expect(paused).toMatchObject({
      status: "PAUSED",
      pausedReason: "internal_error",
      errorReference: expect.stringMatching(/^err_/),
      stats: { pending: 4, queued: 0 },
    });
    // The set-aside is logged with its stack under the reference, and emits campaign.paused.
    const logged = loggedSetAside(paused.errorReference!);
    expect(logged).toMatchObject({ runner: "campaigns", id: failing, organizationId: a, error: POISON_MESSAGE });
    expect(logged?.stack).toContain(POISON_MESSAGE);
    const events = await getDb().outboxEvent.findMany({ where: { organizationId: a, type: "campaign.paused" } });
    expect(events.map((e) => (e.payload as { status: string }).status)).toEqual(["PAUSED"]);

    const resumed = await resumeCampaign(getDb(), { organizationId: a }, failing, SYSTEM_ACTOR);
    expect(resumed).toMatchObject({ status: "RUNNING", pausedReason: null, errorReference: null });
    await runUntilIdle([a, b]);
    expect(await view(a, failing)).toMatchObject({ status: "COMPLETED", stats: { queued: 4, pending: 0 } });
  }, 120_000);
});

describe("turns", () => {
  it("a campaign beyond the first 200 RUNNING ones runs while those wait; lists go round organizations first", async () => {
    const busy = (await seedOrganization("owner")).organizationId;
    const other = (await seedOrganization("owner")).organizationId;
    // 200 RUNNING campaigns of one organization, each with one recipient waiting for tomorrow
    // (a send window, say): nothing to do now, and older ids than the campaign that follows.
    const at = new Date(Date.now() - 60_000);
    const waiting = Array.from({ length: RUNNING_LIST_LIMIT }, () => newIdAt("cmp", at)).sort();
    await getDb().campaign.createMany({
      data: waiting.map((id) => ({
        id,
        organizationId: busy,
        environment: "test" as const,
        name: "waiting",
        template: "Hi",
        status: "RUNNING" as const,
        startedAt: at,
        expandedAt: at,
      })),
    });
    await seedContacts(busy, 1, { prefix: "+1415558" });
    const contact = await getDb().contact.findFirstOrThrow({ where: { organizationId: busy } });
    await getDb().campaignRecipient.createMany({
      data: waiting.map((campaignId) => ({
        campaignId,
        contactId: contact.id,
        organizationId: busy,
        phone: contact.phone,
        status: "PENDING" as const,
        notBefore: new Date(Date.now() + 86_400_000),
      })),
    });
    await seedContacts(other, 3, { prefix: "+1415559" });
    const last = await launched(other, "the 201st");

    const first = await listRunningCampaigns([busy, other]);
    expect(first.total).toBe(RUNNING_LIST_LIMIT + 1);
    expect(first.campaigns[0]).toEqual({ id: waiting[0], organizationId: busy });
    expect(first.campaigns[1]).toEqual({ id: last, organizationId: other });

    const result = await runCampaignsOnce({ organizationId: [busy, other], budgetMs: 60_000, lanes: 1 });
    expect(result).toMatchObject({ accepted: 3, active: RUNNING_LIST_LIMIT, setAside: 0 });
    expect(await view(other, last)).toMatchObject({ status: "COMPLETED", stats: { queued: 3 } });

    // 200 of one organization in lists of 199: the next list starts where the last one stopped.
    const seen = new Set<string>();
    for (let i = 0; i < 2; i++) {
      for (const c of (await listRunningCampaigns(busy, RUNNING_LIST_LIMIT - 1)).campaigns) seen.add(c.id);
    }
    expect(seen.size).toBe(RUNNING_LIST_LIMIT);
  }, 120_000);
});
