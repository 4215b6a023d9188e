// npm run chaos   (CHAOS_SECONDS=60 by default; `npm run build` first: it serves the .next build)
// npm test runs it with CHAOS_SECONDS=20 and --skip-without-postgres (skipped, unless
// REQUIRE_POSTGRES=1, when no PostgreSQL is available, like the PostgreSQL tests).
//
// Two production server processes (server/serve.mjs) on one throwaway PostgreSQL (TEST_DATABASE_URL,
// set by server/scripts/with-postgres.mjs, which `npm run chaos` goes through), under a load of
// sandbox SMS, bulk and OTP sends at twice the organization's cap, with a webhook subscribed to "*"
// at a local receiver that verifies every signature and fails 20 % of requests, while one process
// at a time is killed with SIGKILL and restarted every 10 s. After the load, both processes stay
// up for a drain, until every message is final and every committed event has been answered 2xx
// (or CHAOS_DRAIN_TIMEOUT). Then it prints the figures and exits 1 on any of:
//   - a message answered 202 (or any other message of the organization) without a final status;
//   - a committed outbox event of the organization never answered 2xx by the receiver;
//   - duplicates (an event id answered 2xx more than once) at 1 % of events or more;
//   - a 429 without Retry-After;
//   - a 5xx, or a request without any answer, outside kill windows (from a SIGKILL until the
//     restarted process answers GET /api/health 200); a request overlapping one is exempt, since
//     requests to the killed process fail with connection errors.
// A request that got no answer is sent once more, with the same Idempotency-Key, to the other
// process. Retries of webhooks run on a schedule shrunk by WEBHOOK_RETRY_DELAY_SCALE (see
// chaos/settings.ts). Knobs: CHAOS_SECONDS, CHAOS_RATE (requests/s, 6), CHAOS_KILL_EVERY (s, 10),
// CHAOS_FAIL_PERCENT (20), CHAOS_DRAIN_TIMEOUT (s, 150), CHAOS_BULK_SIZE (100).
//
// Then, with CHAOS_OUTAGE_SECONDS (15; 0 for none), the load goes on while PostgreSQL is stopped that
// long and started again (with-postgres.mjs says how, in TEST_POSTGRES_CONTROL): every answer while
// it is away must be 503 service_unavailable with Retry-After, only 503s are exempt from the 5xx
// rule around it, and the drain must still find every message final and every event delivered once.
//
// chaos/supervisor.ts runs and kills the processes, chaos/outage.ts stops and starts PostgreSQL, chaos/load.ts sends, chaos/receiver.ts is the
// webhook endpoint, chaos/seed.ts sets the account up, chaos/verify.ts drains and checks,
// chaos/database.ts reads PostgreSQL, chaos/report.ts prints.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { Cleanups } from "./cleanups";
import { ChaosDatabase } from "./chaos/database";
import { runLoad, type RequestRecord } from "./chaos/load";
import { PostgresControl, runOutage, type OutageWindow } from "./chaos/outage";
import { ChaosReceiver } from "./chaos/receiver";
import { printReport } from "./chaos/report";
import { seedAccount } from "./chaos/seed";
import { log, readSettings, serverEnv } from "./chaos/settings";
import { Supervisor } from "./chaos/supervisor";
import { collectFigures, drain, failures } from "./chaos/verify";

const cleanups = new Cleanups(log);
cleanups.onSignals();
const cleanup = () => cleanups.run();

async function main(): Promise<number> {
  const s = readSettings();
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl && process.argv.includes("--skip-without-postgres") && process.env.REQUIRE_POSTGRES !== "1") {
    log("SKIPPED: no PostgreSQL (TEST_DATABASE_URL unset); the chaos run needs one");
    return 0;
  }
  if (!databaseUrl) throw new Error("no TEST_DATABASE_URL: run `npm run chaos` (it starts a throwaway PostgreSQL)");
  if (!existsSync(".next/BUILD_ID")) throw new Error("no production build in .next: run `npm run build` first");

  const receiver = new ChaosReceiver(s.failPercent);
  const receiverUrl = await receiver.start();
  cleanups.add(() => receiver.close());
  const db = new ChaosDatabase(databaseUrl);
  cleanups.add(() => db.close());

  const supervisor = new Supervisor(serverEnv(databaseUrl, randomBytes(32).toString("hex")));
  cleanups.add(() => supervisor.stop());
  log("starting two server processes on one PostgreSQL");
  await supervisor.start();
  const [a, b] = supervisor.slots;
  log(`A ${a!.baseUrl} (pid ${a!.server!.pid}), B ${b!.baseUrl} (pid ${b!.server!.pid}); receiver ${receiverUrl}`);

  const account = await seedAccount(a!.baseUrl, s.capPerMinute, receiverUrl);
  receiver.useSecret(account.webhookSecret);
  log(
    `organization ${account.organizationId}: cap ${s.capPerMinute}/min; webhook ${account.webhookId} ("*"); ` +
      `${s.seconds} s at ${s.rate} requests/s, a SIGKILL every ${s.killEverySeconds} s`,
  );

  const startedAt = Date.now();
  const endAt = startedAt + s.seconds * 1000;
  const [records] = await Promise.all([
    runLoad(
      {
        targets: { A: a!.baseUrl, B: b!.baseUrl },
        apiKey: account.apiKey,
        rate: s.rate,
        seconds: s.seconds,
        bulkSize: s.bulkSize,
        runId: randomBytes(4).toString("hex"),
      },
      startedAt,
    ),
    supervisor.killLoop(startedAt, s.killEverySeconds * 1000, endAt, log),
  ]);
  const runId = randomBytes(4).toString("hex");
  const outage = await outagePhase(s, { A: a!.baseUrl, B: b!.baseUrl }, account.apiKey, runId, records);
  log(`load done: ${records.length} requests; draining (up to ${s.drainTimeoutSeconds} s, both processes up)`);

  const drained = await drain(db, account, receiver, s.drainTimeoutSeconds * 1000, log);
  // A last look for late duplicates: a second attempt of a delivery that already succeeded.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const figures = await collectFigures(db, account, records, receiver, supervisor, drained, outage);
  const problems = failures(figures);
  printReport(s, figures, problems, startedAt);
  if (problems.length > 0) {
    const jobs = await db.openJobs();
    if (jobs.length > 0) log(`open retry jobs: ${jobs.map((j) => `${j.status} ${j.n}`).join(", ")}`);
    if (receiver.rejections.length > 0) log(`receiver rejections: ${receiver.rejections.join("; ")}`);
  }
  await supervisor.stop();
  if (supervisor.printed.length > 0) {
    log(`the servers printed (last lines):\n${supervisor.printed.slice(-30).join("\n")}`);
  }
  return problems.length === 0 ? 0 : 1;
}

/**
 * After the kill phase, the same load for CHAOS_OUTAGE_SECONDS + 8 s while PostgreSQL is stopped for
 * CHAOS_OUTAGE_SECONDS (from 2 s in): the requests join `records`.
 */
async function outagePhase(
  s: ReturnType<typeof readSettings>,
  targets: Record<"A" | "B", string>,
  apiKey: string,
  runId: string,
  records: RequestRecord[],
): Promise<OutageWindow | undefined> {
  if (s.outageSeconds === 0) return undefined;
  const control = PostgresControl.fromEnv();
  if (!control) {
    log("no outage: this run did not start the PostgreSQL server (TEST_POSTGRES_CONTROL unset)");
    return undefined;
  }
  const [more, window] = await Promise.all([
    runLoad(
      { targets, apiKey, rate: s.rate, seconds: s.outageSeconds + 8, bulkSize: s.bulkSize, runId: `${runId}-outage` },
      Date.now(),
    ),
    runOutage(control, 2_000, s.outageSeconds, log),
  ]);
  records.push(...more);
  return window;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  log(`failed: ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
