// Two app processes running the same campaign on one PostgreSQL (contract §11): each contact is
// expanded once and texted exactly once, whichever process did it. PostgreSQL only: PGlite is one
// process's embedded database.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { getEnv } from "../../env";
import { SYSTEM_ACTOR } from "../../audit/actor";
import { seedOrganization } from "../../test/seed";
import { createCampaign } from "../save-campaign";
import { launchCampaign } from "../launch-campaign";
import { getCampaignView } from "../get-campaign-or-throw";
import { recountCampaignStats } from "../stats/recount";
import { seedContacts } from "../test-kit";

const postgres = Boolean(getEnv().DATABASE_URL);

function runner(organizationId: string, startAt: number): Promise<{ accepted: number; expanded: number }> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.resolve("server/test/fixtures/campaign-run-until-done.ts"),
      organizationId,
      String(startAt),
    ],
    { env: { ...process.env, LOG_LEVEL: "silent" }, stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) =>
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out.trim()) as never) : reject(new Error(`runner exited ${code}: ${out}`)),
    ),
  );
}

describe.skipIf(!postgres)("two processes, one PostgreSQL", () => {
  it("10,000 recipients: each expanded once and texted exactly once", async () => {
    const { organizationId } = await seedOrganization("owner");
    for (let i = 0; i < 10; i++) await seedContacts(organizationId, 1000, { first: i * 1000, prefix: "+141555" });
    const scope = { organizationId };
    const c = await createCampaign(
      getDb(),
      { ...scope, environment: "test", apiKeyId: null },
      { name: "two", template: "Hi {{firstName}}" },
      SYSTEM_ACTOR,
    );
    await launchCampaign(getDb(), scope, c.id, SYSTEM_ACTOR);
    const startAt = Date.now() + 15_000;
    const [a, b] = await Promise.all([runner(organizationId, startAt), runner(organizationId, startAt)]);
    expect(a.accepted + b.accepted).toBe(10_000);
    expect(a.expanded + b.expanded).toBe(10_000);
    const view = await getCampaignView(getDb(), scope, c.id);
    expect(view).toMatchObject({ status: "COMPLETED", stats: { recipients: 10_000, queued: 10_000, pending: 0 } });
    const [row] = await getDb().$queryRawUnsafe<{ messages: bigint; phones: bigint }[]>(
      `SELECT count(*) AS messages, count(DISTINCT to_number) AS phones FROM messages WHERE organization_id = $1 AND batch_id = $2`,
      organizationId,
      c.id,
    );
    expect({ messages: Number(row!.messages), phones: Number(row!.phones) }).toEqual({
      messages: 10_000,
      phones: 10_000,
    });
    expect(await recountCampaignStats(getDb(), c.id)).toEqual(view.stats);
  }, 240_000);
});
