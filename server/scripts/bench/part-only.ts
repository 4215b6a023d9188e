import os from "node:os";
import { reportServerOutput } from "./lifecycle";
import { reportPartOnly } from "./part-report";
import { describeGoal, type GoalCheck } from "./report";
import type { RunningServer } from "./server-process";

/**
 * `--only <part>` for a part that starts its own server and checks its figures against goals:
 * runs it, prints `heading` and one line per goal, writes its report beside latest.json, then
 * shows what the server printed. Shared by the scheduled-messages and campaigns parts.
 */
export async function runPartOnly<F extends { server: RunningServer }>(
  part: Parameters<typeof reportPartOnly>[0],
  title: string,
  heading: string,
  bench: () => Promise<F>,
  checksOf: (figures: Omit<F, "server">) => GoalCheck[],
): Promise<number> {
  const loadAtStart = os.loadavg();
  const { server, ...figures } = await bench();
  const checks = checksOf(figures);
  reportPartOnly(
    part,
    title,
    loadAtStart,
    () => {
      console.log("");
      console.log(heading);
      for (const c of checks) console.log(`  ${describeGoal(c)}`);
    },
    { ...figures, checks },
  );
  reportServerOutput(server);
  return 0;
}
