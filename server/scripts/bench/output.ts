import os from "node:os";
import type { Settings } from "./args";
import { gitCommit } from "./results-file";
import { describeCheck, describeGoal, table, type Check, type GoalCheck, type TargetResult } from "./report";
import { printSms, type DrainSummary, type PipelineSettings } from "./sms-report";
import { BULK_SIZE, type PipelineResult } from "./sms";
import { printSmpp, serializeSmpp, type SmppFigures } from "./smpp-run";
import { printWebhooks, type WebhookFigures } from "./webhook-run";

// bench.ts's output: the printed report of a full run and its JSON (bench/results-file.ts writes it).

/** Everything a full run measured and judged. */
export interface Outcome {
  databaseLabel: string;
  loaded: TargetResult[];
  unloaded: TargetResult[];
  tokenResult: TargetResult;
  checks: Check[];
  unloadedChecks: Check[];
  /** PostgreSQL only (the SMS routes, the pipeline run and the webhooks). */
  sms: boolean;
  smsChecks: GoalCheck[];
  unloadedSmsChecks: GoalCheck[];
  pipeline: PipelineResult | undefined;
  pipelineChecks: GoalCheck[];
  pipelineSettings: PipelineSettings;
  drainSummary: DrainSummary;
  webhooks: WebhookFigures | undefined;
  /** PostgreSQL only: live messages through the SMPP client (a second server, after the main one). */
  smpp: SmppFigures | undefined;
  /** Why the SMPP part could not be measured (the harness failed), when it could not. */
  smppFailure?: string;
  /** The empty route's throughput spread between slices (loaded). */
  drift: number;
}

function printPhase(title: string, results: TargetResult[], connections: number): void {
  console.log("");
  console.log(title);
  console.log(
    table(
      results,
      results.find((r) => r.target.name === "empty")!,
      connections,
    ),
  );
}

/** The report of a full run, on stdout. */
export function printOutcome(o: Outcome, s: Settings): void {
  const loadavg = os.loadavg().map((n) => n.toFixed(2));
  console.log("");
  console.log(
    `SignalGate bench — ${o.databaseLabel}; ${s.rounds} × ${s.sliceSeconds} s per route and phase, interleaved; ` +
      `${os.cpus().length} CPUs, load average ${loadavg.join(" ")}`,
  );
  printPhase(`1. Loaded: ${s.connections} connections, closed loop`, [...o.loaded, o.tokenResult], s.connections);
  printPhase(`2. Unloaded: ${s.lightConnections} connection(s), closed loop`, o.unloaded, s.lightConnections);
  console.log("");
  console.log(`Targets, judged under load (${s.connections} connections; ${o.databaseLabel}):`);
  for (const c of o.checks) console.log(`  ${describeCheck(c)}`);
  for (const c of o.smsChecks) console.log(`  ${describeGoal(c)}`);
  for (const c of o.pipelineChecks) console.log(`  ${describeGoal(c)}`);
  console.log(`The same ratios unloaded (${s.lightConnections} connection(s); informational):`);
  for (const c of o.unloadedChecks) console.log(`  ${describeCheck(c, true)}`);
  for (const c of o.unloadedSmsChecks) console.log(`  ${describeGoal(c, true)}`);
  if (o.sms) printSms(o.loaded, s, o.pipelineSettings, o.drainSummary);
  if (o.webhooks) printWebhooks(o.webhooks);
  if (o.smpp) printSmpp(o.smpp);
  if (o.smppFailure) console.log(`\nSMPP: INVALID  the part failed: ${o.smppFailure}`);
  if (o.drift > 0.2) {
    console.log(
      `Noisy machine: the empty route's throughput varied by ${(o.drift * 100).toFixed(0)} % between slices. ` +
        "Latency verdicts may differ between runs; the CPU-per-request ratios are steadier.",
    );
  }
  console.log("");
  console.log("auth/token is informational (measured once, loaded): argon2 makes it slow by design.");
}

function serialize(results: TargetResult[]) {
  return results.map((r) => ({
    name: r.target.name,
    method: r.target.method,
    path: r.target.path,
    valid: r.valid,
    maxConnections: r.target.maxConnections,
    reqPerSec: r.reqPerSec,
    p50Ms: r.p50Ms,
    p99Ms: r.p99Ms,
    p50RatioToBaseline: r.p50Ms / results[0]!.p50Ms,
    reqPerSecRatioToBaseline: r.reqPerSec / results[0]!.reqPerSec,
    serverCpuMsPerReq: r.serverCpuMsPerReq,
    databaseCpuMsPerReq: r.databaseCpuMsPerReq,
    slices: r.slices,
  }));
}

/** The JSON report of a full run (bench-results/latest.json). */
export function fullReport(o: Outcome, s: Settings, run: { database: string; loadAtStart: number[] }) {
  return {
    generatedAt: new Date().toISOString(),
    commit: gitCommit(),
    database: run.database,
    node: process.version,
    cpus: os.cpus().length,
    loadAverageAtStart: run.loadAtStart,
    loadAverageAtEnd: os.loadavg(),
    method: {
      connections: s.connections,
      lightConnections: s.lightConnections,
      bulkConnections: s.bulkConnections,
      durationSeconds: s.durationSeconds,
      rounds: s.rounds,
      sliceSeconds: s.sliceSeconds,
      warmupSeconds: s.warmupSeconds,
      pipelineRequests: s.pipelineRequests,
    },
    loaded: serialize(o.loaded),
    unloaded: serialize(o.unloaded),
    informational: serialize([o.tokenResult]),
    checks: o.checks,
    unloadedChecks: o.unloadedChecks,
    sms: o.sms
      ? {
          bulkConnections: s.bulkConnections,
          bulkSize: BULK_SIZE,
          pipelineSettings: o.pipelineSettings,
          checks: [...o.smsChecks, ...o.pipelineChecks],
          unloadedChecks: o.unloadedSmsChecks,
          pipeline: o.pipeline,
          drains: o.drainSummary,
        }
      : null,
    webhooks: o.webhooks ?? null,
    smpp: o.smpp ? serializeSmpp(o.smpp) : o.smppFailure ? { failed: o.smppFailure } : null,
    baselineThroughputSpread: o.drift,
  };
}
