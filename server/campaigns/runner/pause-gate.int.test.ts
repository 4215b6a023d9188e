// A pause while sending batches are in flight (contract §11: once a pause has answered, nothing
// more is accepted): the pause waits for the batches already running, and new batches turn away
// at once instead of slipping in beside them (campaign-gate.ts). PostgreSQL only: it needs a
// second connection holding a batch open, which PGlite's single connection cannot give.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { getEnv } from "../../env";
import { SYSTEM_ACTOR } from "../../audit/actor";
import { seedOrganization } from "../../test/seed";
import { createCampaign } from "../save-campaign";
import { launchCampaign, pauseCampaign } from "../launch-campaign";
import { expandBatch } from "../expansion/expand-batch";
import { sendBatch } from "../sending/send-batch";
import { seedContacts } from "../test-kit";

const postgres = Boolean(getEnv().DATABASE_URL);

describe.skipIf(!postgres)("pause while batches are in flight", () => {
  it("new batches turn away once a pause waits; the pause answers when the batch in flight commits", async () => {
    const { organizationId } = await seedOrganization("owner");
    await seedContacts(organizationId, 50, { prefix: "+141555" });
    const scope = { organizationId };
    const c = await createCampaign(
      getDb(),
      { ...scope, environment: "test", apiKeyId: null },
      { name: "gate", template: "Hi {{firstName}}" },
      SYSTEM_ACTOR,
    );
    await launchCampaign(getDb(), scope, c.id, SYSTEM_ACTOR);
    while (!(await expandBatch({ organizationId, id: c.id }, new Date())).done);

    // A batch in flight on another connection: past the gate, the campaign row FOR KEY SHARE.
    const inFlight = new pg.Client({ connectionString: getEnv().DATABASE_URL });
    await inFlight.connect();
    try {
      await inFlight.query("BEGIN");
      const { rows } = await inFlight.query(
        `SELECT id FROM campaigns WHERE id = $1 AND pg_try_advisory_xact_lock_shared(hashtext('campaign-gate:' || $1))
         FOR KEY SHARE`,
        [c.id],
      );
      expect(rows).toHaveLength(1);
      let answered = false;
      const pausing = pauseCampaign(getDb(), scope, c.id, SYSTEM_ACTOR).then((v) => {
        answered = true;
        return v;
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(answered).toBe(false);
      // The pause waits: a new batch does not slip in beside the one in flight.
      expect(await sendBatch({ organizationId, id: c.id }, new Date())).toMatchObject({ worked: false, accepted: 0 });
      expect(await expandBatch({ organizationId, id: c.id }, new Date())).toMatchObject({ worked: false });
      await inFlight.query("COMMIT");
      expect((await pausing).status).toBe("PAUSED");
    } finally {
      await inFlight.end();
    }
    expect(await sendBatch({ organizationId, id: c.id }, new Date())).toMatchObject({ worked: false, accepted: 0 });
    expect(await getDb().message.count({ where: { organizationId, batchId: c.id } })).toBe(0);
  }, 60_000);
});
