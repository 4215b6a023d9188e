// The claim must walk the QUEUED index in next_attempt_at order and stop after its LIMIT, whatever
// the table's statistics say: with statistics taken while the queue was empty the planner once chose
// a bitmap scan of every QUEUED row and a sort (migration 20261124040000_pipeline_plans).
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { newMessage } from "../../test/new-message";
import { seedOrganization } from "../../test/seed";
import { insertMessages } from "../insert-messages";
import { claimQueuedMessages } from "./claim";

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

// The claim's row selection, as sg_claim_queued_messages runs it (sandbox messages: live ones are
// claimed per sender, sg_claim_paced_messages).
const SELECTION = `
  SELECT q.id FROM messages q
  WHERE q.status = 'QUEUED' AND q.environment = 'test' AND q.next_attempt_at <= now()
    AND (q.locked_until IS NULL OR q.locked_until < now())
  ORDER BY q.next_attempt_at
  LIMIT 500
  FOR UPDATE SKIP LOCKED`;

describe("the claim's plan", () => {
  it("runs with sorts, bitmap scans and sequential scans switched off", async () => {
    const [fn] = await getDb().$queryRaw<{ config: string[] }[]>`
      SELECT proconfig AS config FROM pg_proc WHERE proname = 'sg_claim_queued_messages'`;
    expect([...(fn?.config ?? [])].sort()).toEqual(["enable_bitmapscan=off", "enable_seqscan=off", "enable_sort=off"]);
  });

  it("reads the QUEUED index in order under those settings, with statistics from an empty queue", async () => {
    const { organizationId } = await seedOrganization();
    await getDb().$executeRawUnsafe("ANALYZE messages");
    const old = new Date(Date.now() - 60_000);
    await insertMessages(
      null,
      Array.from({ length: 3000 }, () => ({ ...newMessage(organizationId), environment: "test" as const })),
      old,
    );
    const plan = await getDb().$transaction(async (tx) => {
      for (const setting of ["enable_sort", "enable_bitmapscan", "enable_seqscan"]) {
        await tx.$executeRawUnsafe(`SET LOCAL ${setting} = off`);
      }
      const [row] = await tx.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(
        `EXPLAIN (FORMAT JSON) ${SELECTION}`,
      );
      return row!["QUERY PLAN"][0].Plan;
    });
    const types = nodes(plan).map((n) => n["Node Type"]);
    expect(types).not.toContain("Sort");
    expect(types).not.toContain("Bitmap Heap Scan");
    // The table is partitioned: each partition's copy of the QUEUED index, merged in order.
    const scans = nodes(plan).filter((n) => n["Node Type"] === "Index Scan");
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) expect(scan["Index Name"]).toMatch(/next_attempt_at_idx/);

    // And the function claims the oldest due messages first.
    const claimed = await claimQueuedMessages(new Date(), 10, 60_000, organizationId);
    expect(claimed).toHaveLength(10);
  });
});
