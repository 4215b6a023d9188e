// OTP activity's recipient filter reads an index range on (organization_id, to_number, id), then
// sorts only the matching codes by id (a prefix may match several numbers; migration
// 20261125021000_otp_recipient_index): at 150,000 codes the growth bench saw a
// sequential scan of otp_codes without it. The plan is read with sequential and bitmap scans off
// (a small table would be scanned whole anyway): the only other candidate is the
// (organization_id, id) index with the recipient as a filter, which reads every code of the
// organization.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { newIdAt } from "../ids";
import { seedOrganization } from "../test/seed";
import { listOtpCodes } from "./list-otp-codes";

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

// As Prisma writes listOtpCodes' recipient filter (startsWith is LIKE with the prefix and '%').
const LIST = `
  SELECT id FROM otp_codes WHERE organization_id = $1 AND to_number LIKE $2
  ORDER BY id DESC LIMIT 26`;

describe("OTP activity by recipient", () => {
  it("reads the recipient index range, and lists that recipient's codes newest first", async () => {
    const { organizationId } = await seedOrganization();
    const base = Date.now() - 3_600_000;
    await getDb().otpCode.createMany({
      data: Array.from({ length: 400 }, (_, i) => {
        const createdAt = new Date(base + i * 1000);
        return {
          id: newIdAt("otp", createdAt),
          organizationId,
          environment: i % 3 === 0 ? ("test" as const) : ("live" as const),
          to: `+1503555${String(i % 40).padStart(4, "0")}`,
          codeHash: "x",
          length: 6,
          messageId: newIdAt("msg", createdAt),
          expiresAt: new Date(createdAt.getTime() + 600_000),
          createdAt,
        };
      }),
    });
    await getDb().$executeRawUnsafe("ANALYZE otp_codes");

    const plan = await getDb().$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      await tx.$executeRawUnsafe("SET LOCAL enable_bitmapscan = off");
      const [row] = await tx.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(
        `EXPLAIN (FORMAT JSON) ${LIST}`,
        organizationId,
        "+15035550007%",
      );
      return row!["QUERY PLAN"][0].Plan;
    });
    // otp_codes is partitioned by time: the partition holding these codes is read through its copy
    // of the recipient index (empty partitions may be read through any index: they cost nothing).
    const [{ partition } = { partition: "" }] = await getDb().$queryRawUnsafe<{ partition: string }[]>(
      `SELECT DISTINCT tableoid::regclass::text AS partition FROM otp_codes WHERE organization_id = $1`,
      organizationId,
    );
    const scan = nodes(plan).find((n) => n["Relation Name"] === partition);
    const [parent] = await getDb().$queryRawUnsafe<{ name: string }[]>(
      `SELECT i.inhparent::regclass::text AS name FROM pg_inherits i WHERE i.inhrelid = to_regclass($1)`,
      scan?.["Index Name"] ?? "",
    );
    expect(parent?.name).toBe("otp_codes_organization_id_to_number_id_idx");

    const page = await listOtpCodes(getDb(), organizationId, { to: "+15035550007", limit: 25 });
    expect(page.items).toHaveLength(10);
    expect(page.items.every((c) => c.to === "+15035550007")).toBe(true);
    const ids = page.items.map((c) => c.id);
    expect(ids).toEqual([...ids].sort().reverse());
  });
});
