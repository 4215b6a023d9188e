// kill -9 in the middle of a campaign (contract §11): during the audience's expansion and during
// sending. After a restart the runner finishes it and every contact is a recipient once and is
// texted exactly once; the stats equal a recount.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { getEnv } from "../../env";
import { runThenKill } from "../../test/crash";
import { getCampaignView } from "../get-campaign-or-throw";
import { recountCampaignStats } from "../stats/recount";
import { runUntilIdle } from "../test-kit";

const pglite = !getEnv().DATABASE_URL;
const dirs: string[] = [];

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function killedDuring(phase: "expansion" | "sending", count: number) {
  const dataDir = pglite ? mkdtempSync(path.join(tmpdir(), "sg-campaign-crash-")) : undefined;
  if (dataDir) dirs.push(dataDir);
  const died = await runThenKill<{ organizationId: string; campaignId: string; first: number }>(
    "campaign-then-die.ts",
    [String(count), phase],
    { dataDir },
  );
  expect(died.first).toBeGreaterThan(0);
  const scope = { organizationId: died.organizationId };
  await runUntilIdle(died.organizationId);
  const view = await getCampaignView(getDb(), scope, died.campaignId);
  expect(view.status).toBe("COMPLETED");
  expect(view.stats).toMatchObject({ recipients: count, pending: 0, queued: count });
  expect(await getDb().campaignRecipient.count({ where: { campaignId: died.campaignId } })).toBe(count);
  const [row] = await getDb().$queryRawUnsafe<{ messages: bigint; phones: bigint }[]>(
    `SELECT count(*) AS messages, count(DISTINCT to_number) AS phones FROM messages WHERE organization_id = $1 AND batch_id = $2`,
    died.organizationId,
    died.campaignId,
  );
  expect({ messages: Number(row!.messages), phones: Number(row!.phones) }).toEqual({ messages: count, phones: count });
  expect(await recountCampaignStats(getDb(), died.campaignId)).toEqual(view.stats);
}

describe("kill -9 mid-campaign", () => {
  it("during expansion: every contact a recipient once, texted once", () => killedDuring("expansion", 3000), 180_000);
  it("during sending: every recipient texted exactly once", () => killedDuring("sending", 3000), 180_000);
});
