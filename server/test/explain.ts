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
    const nodes = planNodes((typeof plan === "string" ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan)[0].Plan);
    // A partitioned table's plan reads its partitions and their indexes: named here as the table and
    // the index they belong to (the partitions come and go, the table's index is the question).
    for (const node of nodes) {
      if (node["Index Name"]) node["Index Name"] = await topmost(tx, node["Index Name"]);
      if (node["Relation Name"]) node["Relation Name"] = await topmost(tx, node["Relation Name"]);
    }
    return nodes;
  };
  return getDb().$transaction((tx) => run(tx));
}

async function topmost(tx: DbOrTx, name: string): Promise<string> {
  for (let current = name; ;) {
    const [up] = await tx.$queryRaw<{ parent: string }[]>(
      Prisma.sql`SELECT inhparent::regclass::text AS parent FROM pg_inherits WHERE inhrelid = to_regclass(${current})`,
    );
    if (!up) return current;
    current = up.parent;
  }
}

export const indexNames = (nodes: PlanNode[]) => nodes.map((n) => n["Index Name"]).filter((n): n is string => !!n);
export const seqScans = (nodes: PlanNode[]) =>
  nodes.filter((n) => n["Node Type"] === "Seq Scan").map((n) => n["Relation Name"]);
