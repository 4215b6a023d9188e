// GET /developer/events in commit order (issue 37 §6): every page is one backward range of the
// (organization_id, xid, id) index, with no sort and, after a cursor, starting at the cursor.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { newId, smallestIdAt } from "../ids";
import { planNodes, type PlanNode } from "../test/explain";
import { seedOrganization } from "../test/seed";
import { listEventsSql } from "./list-events";

type Node = PlanNode & { "Index Cond"?: string; "Scan Direction"?: string };

/**
 * The plan of the statement as listEvents runs it. outbox_events is partitioned by day: with the
 * test's few thousand rows the planner may find sorting them as cheap as merging the partitions'
 * index scans, which it prefers at any real size. Sorting is priced out here (not forbidden: with
 * no index-ordered path the plan would still sort), so the test asks whether that path exists.
 */
async function plan([text, params]: [string, unknown[]]): Promise<Node[]> {
  const [row] = await getDb().$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SET LOCAL enable_sort = off");
    return tx.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: PlanNode }] | string }[]>(
      `EXPLAIN (FORMAT JSON) ${text}`,
      ...params,
    );
  });
  const json = row!["QUERY PLAN"];
  return planNodes((typeof json === "string" ? (JSON.parse(json) as [{ Plan: PlanNode }]) : json)[0].Plan) as Node[];
}

describe("the events list's plan", () => {
  it("reads one backward range of (organization_id, xid, id), without sorting, from the cursor on", async () => {
    // Three organizations' events, enough that sorting one organization's would cost what it does at scale.
    const organizations: string[] = [];
    for (let k = 0; k < 3; k++) {
      const { organizationId } = await seedOrganization();
      organizations.push(organizationId);
      await getDb().$executeRawUnsafe(
        `INSERT INTO outbox_events (id, organization_id, type, payload, dispatched_at)
         SELECT $1 || lpad(g::text, 8, '0'), $2, 'message.queued', '{}', now() FROM generate_series(1, 1500) g`,
        newId("evt").slice(0, 16),
        organizationId,
      );
    }
    await getDb().$executeRawUnsafe("ANALYZE outbox_events");
    const organizationId = organizations[1]!;
    const oldest = smallestIdAt("evt", new Date(Date.now() - 30 * 86_400_000));
    const first = await plan(listEventsSql(organizationId, oldest, undefined, { limit: 50, types: ["message.*"] }));
    const next = await plan(listEventsSql(organizationId, oldest, { xid: "1000", id: newId("evt") }, { limit: 50 }));
    // The table's index or a partition's copy of it (migration 20261130010000_partitions). A partition
    // with no rows (the legacy one) may be read through another index in the same order: its cost is
    // nothing either way, so the planner's pick there is not the question.
    const orgIndex = (nodes: Node[]) =>
      nodes.find((n) => /^outbox_events_.*organization_id_xid_id_idx$/.test(n["Index Name"] ?? ""));
    for (const nodes of [first, next]) {
      expect(orgIndex(nodes)).toMatchObject({ "Scan Direction": "Backward" });
      for (const scan of nodes.filter((n) => n["Index Name"])) expect(scan["Scan Direction"]).toBe("Backward");
      expect(nodes.map((n) => n["Node Type"])).not.toContain("Sort");
    }
    expect(orgIndex(next)!["Index Cond"]).toMatch(/ROW\(xid, id\) < ROW\(/);
  });
});
