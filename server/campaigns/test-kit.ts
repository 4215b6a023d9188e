// Shared by the campaign tests: seeding contacts fast and driving the runner to the end.
import { getDb } from "../db/client";
import { newIdAt } from "../ids";
import { runPipeline } from "../test/messaging";
import { runCampaignsOnce, type RunOptions } from "./runner/run-once";

/** `count` contacts with phones +1415555NNNN from `first`, tagged as given, in one statement. */
export async function seedContacts(
  organizationId: string,
  count: number,
  options: { first?: number; tags?: string[]; prefix?: string; firstName?: string | null; at?: Date } = {},
): Promise<void> {
  const at = options.at ?? new Date(Date.now() - 60_000);
  const first = options.first ?? 0;
  const prefix = options.prefix ?? "+1415555";
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newIdAt("ct", at),
    organizationId,
    phone: `${prefix}${String(first + i).padStart(4, "0")}`,
    firstName: options.firstName === undefined ? `Name${first + i}` : options.firstName,
    tags: options.tags ?? [],
    createdAt: at,
    updatedAt: at,
  }));
  await getDb().contact.createMany({ data: rows });
}

/** Runner passes until nothing is left to do now (tests scope it to their organizations). */
export async function runUntilIdle(organizationId: string | string[], options: RunOptions = {}): Promise<number> {
  let accepted = 0;
  for (let i = 0; i < 500; i++) {
    const r = await runCampaignsOnce({ organizationId, budgetMs: 5_000, ...options });
    accepted += r.accepted;
    if (!r.backlog && r.accepted === 0 && r.expanded === 0 && r.skipped === 0) return accepted;
  }
  throw new Error("runner did not settle");
}

export { runPipeline };
