import { getDb, Prisma, type DbOrTx } from "../db/client";

export interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

export const planNodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(planNodes)];

/**
 * EXPLAIN of exactly the statement a list runs, with sequential scans off: a test table of a few
 * thousand rows would be read whole anyway, and the question is which index the planner takes when a
 * scan is not an option (at millions of rows it never is). Answers every node of the plan.
 */
export async function explainWithoutSeqScan(sql: Prisma.Sql): Promise<PlanNode[]> {
  const run = async (tx: DbOrTx) => {
    await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
    const [row] = await tx.$queryRaw<{ "QUERY PLAN": [{ Plan: PlanNode }] | string }[]>(
      Prisma.sql`EXPLAIN (FORMAT JSON) ${sql}`,
    );
    const plan = row!["QUERY PLAN"];
    return planNodes((typeof plan === "string" ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan)[0].Plan);
  };
  return getDb().$transaction((tx) => run(tx));
}

export const indexNames = (nodes: PlanNode[]) => nodes.map((n) => n["Index Name"]).filter((n): n is string => !!n);
export const seqScans = (nodes: PlanNode[]) =>
  nodes.filter((n) => n["Node Type"] === "Seq Scan").map((n) => n["Relation Name"]);
