import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { productionEnv, type ServerProcess } from "../../../e2e/server-process";
import { runShutdownRounds, SENDS, type RoundReport } from "../../../e2e/shutdown-rounds";
import { intFromEnv, log } from "./args";
import { BENCH_DIST_DIR } from "./build";
import { onCleanup } from "./lifecycle";
import { reportPartOnly } from "./part-report";
import { describeGoal, goal } from "./report";
import { freePort } from "./server-process";

// `--only shutdown` (issue 37 §5's acceptance, e2e/shutdown-rounds.ts): BENCH_SHUTDOWN_ROUNDS (20)
// rounds on one database of `npm start` (the bench's build), 150 single sends 2 ms apart and SIGTERM
// to its process group 60 ms in, with a busy child process for CPU load. Every send must get a whole
// answer or a refused connection (never a reset), every server must exit 0, and every message
// answered 202 must be final after the restart that begins the next round. e2e/lifecycle.spec.ts
// runs 3 rounds of the same in `npm test`.

export async function shutdownOnly(databaseUrl: string | undefined): Promise<number> {
  const loadAtStart = os.loadavg();
  const rounds = intFromEnv("BENCH_SHUTDOWN_ROUNDS", 20, 1);
  const port = await freePort();
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), "signalgate-bench-shutdown-"));
  const started: ServerProcess[] = [];
  onCleanup(() => {
    for (const server of started) {
      try {
        process.kill(-server.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const env = {
    ...productionEnv(port, {
      DATABASE_URL: databaseUrl ?? "",
      DATA_DIR: dataDir ?? "memory://",
      SHUTDOWN_DRAIN_MS: "1000",
      SANDBOX_DELIVERY_DELAY_MS: "200",
    }),
    NEXT_DIST_DIR: BENCH_DIST_DIR,
  };
  log(`shutdown: ${rounds} rounds of ${SENDS} sends with SIGTERM 60 ms in, on port ${port}`);
  const reports = await runShutdownRounds({
    port,
    rounds,
    env,
    started,
    log: (r) =>
      log(
        `shutdown: round ${r.round}: ready after ${(r.readyMs / 1000).toFixed(1)} s, ${JSON.stringify(r.outcomes)}, ` +
          `exit ${r.exitCode}, ${r.unfinishedAfterRestart} of ${r.accepted} accepted not final after the restart`,
      ),
  });
  const sum = (f: (r: RoundReport) => number) => reports.reduce((n, r) => n + f(r), 0);
  const resets = sum((r) => r.bad.length);
  const unfinished = sum((r) => r.unfinishedAfterRestart);
  const badExits = reports.filter((r) => r.exitCode !== 0).length;
  const outcomes: Record<string, number> = {};
  for (const r of reports) for (const [k, n] of Object.entries(r.outcomes)) outcomes[k] = (outcomes[k] ?? 0) + n;
  const checks = [
    goal(
      `shutdown: sends reset or cut over ${rounds} rounds of ${SENDS}`,
      resets,
      "≤",
      0,
      "",
      `outcomes ${JSON.stringify(outcomes)}; ${badExits} server(s) exited non-zero`,
    ),
    goal(
      "shutdown: messages answered 202 and not final after the restart",
      unfinished,
      "≤",
      0,
      "",
      `${sum((r) => r.accepted)} accepted in all; start-up ${Math.round(sum((r) => r.readyMs) / reports.length / 100) / 10} s on average`,
    ),
  ];
  reportPartOnly(
    "shutdown",
    "shutdown",
    loadAtStart,
    () => {
      console.log("");
      console.log("Shutdown under load (SIGTERM to npm start's process group, a busy child process beside it):");
      for (const c of checks) console.log(`  ${describeGoal(c)}`);
    },
    { rounds: reports.map(({ output: _output, ...r }) => r), checks },
    databaseUrl ? "postgres" : "pglite",
  );
  return resets + unfinished + badExits > 0 ? 1 : 0;
}
