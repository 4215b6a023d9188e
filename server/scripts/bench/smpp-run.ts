import { randomBytes } from "node:crypto";
import os from "node:os";
import { TestSmsc } from "../../carriers/smpp/test-smsc";
import { intFromEnv, log } from "./args";
import { cpuMeter } from "./cpu";
import { onCleanup, reportServerOutput, startBenchServer } from "./lifecycle";
import { percentile } from "./measure";
import { describeGoal, goal, type GoalCheck } from "./report";
import { reportPartOnly } from "./part-report";
import { seedLiveSender } from "./seed";
import type { RunningServer } from "./server-process";
import {
  ROUND_GAP_MS,
  runLatency,
  runThroughput,
  type LatencyResult,
  type SmppRun,
  type ThroughputResult,
} from "./smpp";
import { SmppRows } from "./smpp-db";

// bench.ts's SMPP part (PostgreSQL only; last): live messages through the server's SMPP client to
// a TestSmsc (server/carriers/smpp/test-smsc.ts, a real SMSC on 127.0.0.1 built on the `smpp`
// package) running in this process and answering every submit_sm at once. The server under test
// is a second one, started with SMS_PROVIDER=smpp on the same database after the main one stopped:
// two servers at once would both claim live messages, and the one without a provider would put
// them back with a back-off. Figures, checks and lines printed; `--only smpp`.

export interface SmppSettings {
  messages: number;
  latencyMessages: number;
  latencyGapMs: number;
  windowSize: number;
  connections: number;
  timeoutMs: number;
  /** The server's pipeline knobs (their defaults when unset), shown beside the figures. */
  pollIntervalMs: number;
  handOffBatch: number;
}

export function readSmppSettings(): SmppSettings {
  return {
    messages: intFromEnv("BENCH_SMPP_MESSAGES", 10_000, 1),
    latencyMessages: intFromEnv("BENCH_SMPP_LATENCY_MESSAGES", 200, 1),
    latencyGapMs: intFromEnv("BENCH_SMPP_LATENCY_GAP", 20, 0),
    windowSize: intFromEnv("BENCH_SMPP_WINDOW", 20, 1),
    connections: intFromEnv("BENCH_BULK_CONNECTIONS", 4, 1),
    timeoutMs: intFromEnv("BENCH_SMPP_TIMEOUT", 120, 1) * 1000,
    pollIntervalMs: Number(process.env.MESSAGE_POLL_INTERVAL_MS || 250),
    // The pipeline's default (server/messages/pipeline/worker.ts); not configurable.
    handOffBatch: 500,
  };
}

async function waitForBind(smsc: TestSmsc, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (smsc.boundSessions === 0) {
    if (Date.now() > deadline)
      throw new Error(`smpp: the server did not bind to the SMSC within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Stops `mainServer` (when given), starts the SMPP server and the SMSC, seeds a live sender and
 * measures: a warm-up (unreported), the single sends on an idle server, then the throughput run.
 */
export async function benchSmpp(databaseUrl: string, mainServer?: RunningServer) {
  const settings = readSmppSettings();
  const smsc = await TestSmsc.start({ systemId: "sg-bench", password: randomBytes(4).toString("hex") });
  onCleanup(() => smsc.close());
  if (mainServer) {
    log("smpp: stopping the main server (two servers would both claim live messages)");
    await mainServer.stop();
  }
  log(`smpp: a server with SMS_PROVIDER=smpp, SMPP_WINDOW_SIZE=${settings.windowSize}, SMSC at ${smsc.url}`);
  const server = await startBenchServer(databaseUrl, {
    SMS_PROVIDER: "smpp",
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: smsc.systemId,
    SMPP_PASSWORD: smsc.password,
    SMPP_WINDOW_SIZE: String(settings.windowSize),
    // The connection's own throughput, not one sender's: carriers' per-sender pace (contract §15)
    // would hold the bench to a label's 10 segments a second.
    SENDER_PACING: "off",
  });
  await waitForBind(smsc, 30_000);
  const sender = await seedLiveSender(server.baseUrl);
  log("smpp: bound; seeded an organization (rate limiting off) with a live (sg_live_) key");
  const rows = new SmppRows(databaseUrl);
  onCleanup(() => rows.close());
  const meter = cpuMeter(server.pid, new URL(databaseUrl).pathname.slice(1));
  const run: SmppRun = {
    baseUrl: server.baseUrl,
    apiKey: sender.apiKey,
    smsc,
    rows,
    timeoutMs: settings.timeoutMs,
    log,
  };

  log("smpp: warm-up (not reported): 20 single sends, one bulk request of 1,000");
  await runLatency(run, 20, 0);
  await runThroughput(run, 1000, 1, meter);
  log(`smpp: latency: ${settings.latencyMessages} × POST /sms/send, one at a time, ${settings.latencyGapMs} ms apart`);
  const latency = await runLatency(run, settings.latencyMessages, settings.latencyGapMs);
  log(
    `smpp: throughput: ${settings.messages} messages, POST /sms/bulk of 1,000 over ${settings.connections} connections`,
  );
  const throughput = await runThroughput(run, settings.messages, settings.connections, meter);
  return {
    settings,
    throughput,
    latency,
    checks: smppChecks(settings, throughput, latency),
    info: smppInfo(settings, throughput, latency),
    server,
  };
}

export type SmppFigures = Awaited<ReturnType<typeof benchSmpp>>;

const ms = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? "n/a" : `${v.toFixed(0)} ms`;
const s = (v: number | null) => (v === null ? "n/a" : `${v.toFixed(2)} s`);
const sorted = (values: number[]) => Float64Array.from(values).sort();

/** p50, p99 and max of a list of ms. */
export function spreadOf(values: number[]) {
  const v = sorted(values);
  return { p50: percentile(v, 50), p99: percentile(v, 99), max: v.length ? v[v.length - 1]! : Number.NaN };
}

/** The target (≥ 1,000 messages/s; FAIL unless every message was submitted once and is SENT) and no doubles. */
export function smppChecks(settings: SmppSettings, t: ThroughputResult, l: LatencyResult): GoalCheck[] {
  const others = Object.entries(t.rows.others)
    .map(([status, n]) => `${n} ${status}`)
    .join(", ");
  const requests = spreadOf(t.requestMs);
  const complete =
    !t.timedOut &&
    t.received === t.messages &&
    t.answeredOk === t.submits &&
    t.rows.sent === t.messages &&
    t.rows.smpp === t.messages &&
    t.providerIdsMatched === t.messages;
  const span =
    t.firstSubmitSeconds === null || t.lastSubmitSeconds === null ? 0 : t.lastSubmitSeconds - t.firstSubmitSeconds;
  const submitRate = span > 0 ? `${(t.submits / span).toFixed(0)} submit_sm/s from the first to the last` : "n/a";
  const detail =
    `window ${settings.windowSize}; ${t.requests} × POST ` +
    `/sms/bulk over ${t.connections} connections, all answered after ${s(t.acceptedSeconds)} (request p50 ` +
    `${ms(requests.p50)}, max ${ms(requests.max)}); submit_sm first at ${s(t.firstSubmitSeconds)}, last received ` +
    `and answered at ${s(t.lastSubmitSeconds)} (${submitRate}); the SMSC saw ${t.received} of ${t.messages} messages in ` +
    `${t.submits} submit_sm, ${t.answeredOk} answered ESME_ROK; the table: ${t.rows.sent} SENT` +
    (others ? ` (${others})` : "") +
    ` by smpp ${t.rows.smpp}, ${t.rows.distinctProviderIds} distinct provider ids, ${t.providerIdsMatched} ` +
    `matching the SMSC's answers; all SENT seen after ${s(t.allSentSeconds)} (last sent_at ` +
    `${s(t.lastSentAtSeconds)}); sentAt − createdAt p50 ${ms(t.rows.sentP50Ms)} p99 ${ms(t.rows.sentP99Ms)}`;
  const rate = goal(
    `SMPP: live messages/s, ${t.messages.toLocaleString("en")} via POST /sms/bulk → submit_sm answered, one server process`,
    t.perSecond,
    "≥",
    1000,
    "/s",
    detail,
  );
  const doubled = t.submits - t.received + l.extraSubmits;
  const doubles = goal(
    "SMPP: submit_sm beyond one per message",
    doubled,
    "≤",
    0,
    " submit_sm",
    `throughput run ${t.submits} submit_sm for ${t.received} messages; single sends ${l.extraSubmits} extra`,
  );
  return [
    complete ? rate : { ...rate, verdict: rate.verdict === "INVALID" ? "INVALID" : "FAIL" },
    { ...doubles, digits: 0 },
  ];
}

/** Accept → submit_sm (no target: reported), and where the throughput run's CPU went. */
export function smppInfo(settings: SmppSettings, t: ThroughputResult, l: LatencyResult): string[] {
  const fromRequest = spreadOf(l.fromRequest);
  const fromResponse = spreadOf(l.fromResponse);
  const request = spreadOf(l.requestMs);
  const cpu = (v: number | null) => (v === null ? "n/a" : v.toFixed(3));
  const g = t.groups;
  return [
    `accept → submit_sm, ${l.messages} single POST /sms/send on an idle server (one at a time, ` +
      `${l.gapMs} ms apart): request sent → submit_sm received p50 ${ms(fromRequest.p50)}, p99 ` +
      `${ms(fromRequest.p99)}, max ${ms(fromRequest.max)}; 202 received → submit_sm received p50 ` +
      `${ms(fromResponse.p50)}, p99 ${ms(fromResponse.p99)} (negative: the submit_sm came first); the 202's round ` +
      `trip p50 ${ms(request.p50)}, p99 ${ms(request.p99)}; ${l.missing} never reached the SMSC; the table: ` +
      `${l.rows.sent}/${l.messages} SENT, sentAt − createdAt p50 ${ms(l.rows.sentP50Ms)}`,
    `throughput run: the submit_sm came in ${g.groups} groups (arrivals < ${ROUND_GAP_MS} ms apart: the ` +
      `pipeline's hand-off rounds), median ${g.medianSize} (max ${g.maxSize}) submit_sm over ${ms(g.medianSpanMs)}, ` +
      `then ${ms(g.medianGapMs)} with none (median); in all ${s(g.inGroupsMs / 1000)} inside the groups (the SMPP ` +
      `exchange through the window) and ${s(g.betweenMs / 1000)} between them (each round's claim and its SENT ` +
      `writes, the inserts of the bulk requests)`,
    `throughput run CPU ms per message: server ${cpu(t.serverCpuMsPerMessage)}, database ` +
      `${cpu(t.databaseCpuMsPerMessage)}, bench process (SMSC and HTTP client) ${cpu(t.benchCpuMsPerMessage)}; ` +
      `pipeline poll ${settings.pollIntervalMs} ms (MESSAGE_POLL_INTERVAL_MS), hand-off batch ${settings.handOffBatch}`,
  ];
}

export function printSmpp(f: SmppFigures): void {
  console.log("");
  console.log(
    `SMPP: live (sg_live_) messages through one server process's SMPP client (SMS_PROVIDER=smpp, window ` +
      `SMPP_WINDOW_SIZE=${f.settings.windowSize}) to a TestSmsc in the bench process on 127.0.0.1 answering at once:`,
  );
  for (const c of f.checks) console.log(`  ${describeGoal(c)}`);
  for (const line of f.info) console.log(`  (info)   ${line}`);
}

/** The JSON form (without the server handle). */
export function serializeSmpp(f: SmppFigures) {
  const { server: _server, ...rest } = f;
  return rest;
}

/** `--only smpp`: no main server; the SMPP part alone, reported beside latest.json. */
export async function smppOnly(databaseUrl: string): Promise<number> {
  const loadAtStart = os.loadavg();
  const f = await benchSmpp(databaseUrl);
  reportPartOnly("smpp", "SMPP", loadAtStart, () => printSmpp(f), serializeSmpp(f));
  reportServerOutput(f.server);
  return 0;
}
