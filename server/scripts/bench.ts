// npm run bench [-- --build] [-- --pglite] [-- --only webhooks|smpp|retention|billing|growth|contacts|scheduled|observability|imports|shutdown|live-delivery]
//
// Starts the production server (server/serve.mjs, after `next build` when the build is missing or
// older than the sources; both use their own build directory, .next-bench, so the browser tests'
// .next is never touched), seeds an account through the API and loads each route with autocannon,
// reporting requests/s and p50/p99 as ratios to an empty App Router route handler measured in the
// same run: absolute numbers depend on the machine, ratios much less. Speed is only ever judged
// here, never by timed assertions in tests.
//
// Database: TEST_DATABASE_URL (set by server/scripts/with-postgres.mjs, which `npm run bench` goes
// through) becomes the server's DATABASE_URL; without it (or with --pglite) the server runs on
// embedded PGlite in a temporary DATA_DIR. The report says which.
//
// Two phases over the compared routes (empty, health, key-noop, key-limited and, on PostgreSQL,
// sms-send and sms-bulk with a sandbox key of a second organization whose rate limiting is off);
// in each, every route is warmed up for BENCH_WARMUP (2) s, then measured for BENCH_DURATION (16) s
// in BENCH_ROUNDS (8) slices interleaved with the other routes' (A B C, C B A, …;
// bench/schedule.ts), so that other processes on a shared 2-core machine disturb every route alike:
//   1. loaded: BENCH_CONNECTIONS (50) connections, each sending its next request as soon as the
//      previous one answers: requests/s at saturation and latency under that load. The targets
//      are judged here, as the median over rounds of the p50 ratio of slices measured side by side.
//   2. unloaded: the same with BENCH_LIGHT_CONNECTIONS (1): the latency of one request on an idle
//      server, where a database round trip shows in full (informational ratios).
// autocannon's own rate limit sends each second's quota in a burst, so it cannot offer a steady
// open-loop load; these two closed loops bracket it instead. auth/token (argon2: slow by design,
// informational) is measured once, at the end. Beside latency: CPU ms per request of the server
// process and, on PostgreSQL, of the bench database's backends (Linux /proc), much steadier than
// latency on a shared machine.
//
// SMS (PostgreSQL only: the messages table is read directly, not through the server under test):
//   - sms-send at the phase's connections; sms-bulk (1,000 messages a request) at most
//     BENCH_BULK_CONNECTIONS (4: on 2 cores, enough requests in flight that Node and PostgreSQL are
//     both kept busy, where 2 leaves one idle at times; p50 stays far below its 500 ms bound).
//     After each of their slices the bench waits, unmeasured, until the in-process pipeline has
//     taken every message to its final status, so no backlog spills into the next route's slice
//     (the pipeline's work during the slice itself is part of the cost, the rest is reported apart).
//   - pipeline: BENCH_PIPELINE_REQUESTS (10) bulk requests of 1,000 over BENCH_BULK_CONNECTIONS
//     connections on an idle server; the time from the first request until every message is final,
//     polled with a COUNT on the messages table by batch_id.
// The server runs as in production without Inngest: embedded job runner, in-process pipeline, and
// MESSAGE_POLL_INTERVAL_MS / SANDBOX_DELIVERY_DELAY_MS as set in the environment or their defaults.
//
// Webhooks (PostgreSQL only; last, once the SMS work has drained; bench/webhooks.ts): the server's
// own webhook worker (WEBHOOK_POLL_INTERVAL_MS as set or its default; WEBHOOK_ALLOW_PRIVATE_URLS
// on, for the receiver on 127.0.0.1) delivering to a receiver in this process through one webhook
// of the seeded organization subscribed to "*", created with the owner's JWT:
//   - deliveries/s: BENCH_WEBHOOK_EVENTS (5,000) outbox events committed in one INSERT … SELECT,
//     then until the receiver has seen every event id: N ÷ that time, median of BENCH_WEBHOOK_RUNS
//     (3) runs with fresh events;
//   - commit → first attempt: per event, its arrival at the receiver minus its commit, under those
//     bursts (queueing included, informational) and at a low rate, BENCH_WEBHOOK_LOW_RATE_EVENTS
//     (50) events committed one at a time every BENCH_WEBHOOK_LOW_RATE_GAP (20) ms, where the
//     target is judged;
//   - duplicates: every event id must arrive exactly once.
// `--only webhooks` runs just this part (after the build, the server and the seed): a quick
// check while working on the worker; its report is written beside latest.json, not over it.
//
// SMPP (PostgreSQL only; last; bench/smpp-run.ts and bench/smpp.ts): live (sg_live_) messages
// through the server's SMPP client to a TestSmsc (server/carriers/smpp/test-smsc.ts, a real SMSC
// on 127.0.0.1 on the `smpp` package) in this process that answers every submit_sm at once. The
// main server is stopped first and a second one started on the same database with SMS_PROVIDER=smpp
// and SMPP_WINDOW_SIZE=BENCH_SMPP_WINDOW (20): with both running, the one without a provider would
// claim live messages too and put them back with a back-off. An organization with rate limiting
// off and a live key is seeded through the API; after a warm-up (20 sends, one bulk of 1,000):
//   - accept → submit_sm: BENCH_SMPP_LATENCY_MESSAGES (200) single POST /sms/send, one at a time,
//     each waiting for its submit_sm then BENCH_SMPP_LATENCY_GAP (20) ms: p50/p99 of the SMSC's
//     arrival time minus the time the request was sent (the request's handling included), and
//     minus the time its 202 came back; messages matched by their unique body (no target);
//   - messages/s: BENCH_SMPP_MESSAGES (10,000) over POST /sms/bulk (1,000 a request,
//     BENCH_BULK_CONNECTIONS connections): N ÷ the time from the first request until the SMSC
//     received and answered the last submit_sm (target ≥ 1,000/s); it FAILs unless every message
//     reached the SMSC and is SENT in the messages table with the provider id the SMSC answered;
//   - submit_sm received more than once per message (unique bodies): must be 0.
// Where the time goes: the submit_sm arrivals grouped by the pipeline's hand-off rounds (time in
// the SMPP exchange against time between rounds), and CPU per message of server, database, bench.
// `--only smpp` runs just this part (no main server); its report is written beside latest.json.
//
// Retention (`--only retention`, PostgreSQL; bench/retention.ts and bench/retention-run.ts): the
// server runs with RETENTION=off; BENCH_RETENTION_ROWS (1,000,000) expired rows are seeded by SQL
// (per message: the message, 3 dispatched outbox events, 1 delivery, 1 attempt), then single sends
// (BENCH_RETENTION_CONNECTIONS, 2, in flight) run for BENCH_RETENTION_SECONDS (20) without retention,
// then while runRetention (the job's code, in this process) deletes the seed, then after it.
// Target: single-send p99 during ≤ 2 × without. Also rows/s and database bytes before and after.
//
// Growth (`--only growth`, PostgreSQL; bench/growth-run.ts, growth-seed.ts, growth.ts): one
// organization seeded by SQL with BENCH_GROWTH_SMALL (10,000) messages over 90 days and their
// outbox events, webhook deliveries and attempts, OTP codes and audit entries; every list (REST
// history, the dashboard's Messages list, delivery log, audit log, OTP activity), send, status and
// analytics measured one request at a time (BENCH_GROWTH_SAMPLES, 40, each); then grown to
// BENCH_GROWTH_MESSAGES (5,000,000) over the same 90 days and measured again. Targets: every p95
// at the large size ≤ 2 × at the small one, analytics p95 ≤ 50 ms. Then retention with §9's
// defaults over that history: database bytes per message before and after.
// Trust and safety (`--only trust`, PostgreSQL; bench/trust.ts): OTP send p50 with the fraud
// guard on ÷ off, and webhook deliveries/s with both signatures ÷ the seed's alone, in interleaved
// rounds on one server.
// Billing (`--only billing`, PostgreSQL; bench/billing.ts): the spend controls on the hot path.
//
// Imports (`--only imports`, PGlite with --pglite or PostgreSQL; bench/import-latency.ts): issue 37 §4,
// GET /api/health/live p99 (target ≤ 50 ms) while a 20,000-row, 100-column import runs alone.
// Shutdown (`--only shutdown`, either database; bench/shutdown.ts): issue 37 §5's acceptance, 20 rounds of
// 150 sends with SIGTERM to `npm start`'s group 60 ms in under CPU load: no reset, every 202 final.
//
// Contacts (`--only contacts`, PostgreSQL; bench/contacts-run.ts, contacts.ts, contacts-inbound.ts):
// its own server with a TestSmsc carrier and an OPERATOR_TOKEN; a 100,000-row CSV import through
// the API (≤ 60 s), bulk acceptance for an organization holding 100,000 opt-outs against one with
// none (≥ 0.90), and SMPP inbound deliver_sm to the server's own session (≥ 1,000/s).
//
// Exit code: 0 when the report was produced, even if a target is missed (it is a report); 1 when
// the harness failed or a route the targets depend on answered errors (nothing valid to compare);
// a failure of the SMPP part is 1 too, after the report of the rest.
//
// This file runs the steps in order; bench/args.ts reads the options, bench/lifecycle.ts starts and
// stops the server, bench/routes.ts holds the routes and runs a phase, bench/sms-report.ts,
// bench/webhook-run.ts and bench/smpp-run.ts are the SMS, webhook and SMPP sections,
// bench/output.ts prints and serializes the report, bench/results-file.ts writes it.
import os from "node:os";
import { log, parseArgs, readSettings } from "./bench/args";
import { buildIfNeeded } from "./bench/build";
import { cpuMeter } from "./bench/cpu";
import { cleanup, cleanupOnSignals, serverOutputTail, reportServerOutput, startSeededServer } from "./bench/lifecycle";
import { fullReport, printOutcome } from "./bench/output";
import { check, spread, summarize, type TargetResult } from "./bench/report";
import { writeReport } from "./bench/results-file";
import { benchRoutes, preflight, runPhase } from "./bench/routes";
import { measureOnce } from "./bench/schedule";
import { BULK_SIZE, runPipeline, type PipelineResult } from "./bench/sms";
import { pipelineCheck, pipelineSettings, smsChecksOf, summarizeDrains } from "./bench/sms-report";
import { benchSmpp, smppOnly, type SmppFigures } from "./bench/smpp-run";
import { benchWebhooks, webhooksOnly, type WebhookFigures } from "./bench/webhook-run";
import { retentionOnly } from "./bench/retention-run";
import { billingOnly } from "./bench/billing";
import { growthOnly } from "./bench/growth-run";
import { contactsOnly } from "./bench/contacts-run";
import { scheduledOnly } from "./bench/scheduled";
import { eventsOnly } from "./bench/events";
import { trustOnly } from "./bench/trust";
import { observabilityOnly } from "./bench/observability";
import { liveDeliveryOnly } from "./bench/live-delivery";
import { campaignsOnly } from "./bench/campaigns";
import { linksOnly } from "./bench/links";
import { importsOnly } from "./bench/import-latency";
import { shutdownOnly } from "./bench/shutdown";

const options = parseArgs(process.argv.slice(2));
cleanupOnSignals();

async function main(): Promise<number> {
  const s = readSettings();
  const databaseUrl = options.pglite ? undefined : process.env.TEST_DATABASE_URL || undefined;
  const database = databaseUrl ? "postgres" : "pglite";
  const databaseLabel = databaseUrl ? "PostgreSQL (throwaway, via TEST_DATABASE_URL)" : "PGlite (embedded)";
  log(
    `database: ${databaseLabel}` +
      (databaseUrl || options.pglite ? "" : " — no TEST_DATABASE_URL: run `npm run bench` for PostgreSQL"),
  );

  buildIfNeeded(options.build, log);
  const loadAtStart = os.loadavg();
  if (loadAtStart[0]! > os.cpus().length) {
    log(`the machine is busy (load average ${loadAtStart[0]!.toFixed(2)} on ${os.cpus().length} CPUs): expect noise`);
  }

  if (options.only === "billing") {
    if (!databaseUrl) throw new Error("--only billing needs PostgreSQL (run `npm run bench -- --only billing`)");
    return billingOnly(databaseUrl);
  }
  if (options.only === "events") {
    if (!databaseUrl) throw new Error("--only events needs PostgreSQL (run `npm run bench -- --only events`)");
    return eventsOnly(databaseUrl);
  }
  if (options.only === "contacts") {
    if (!databaseUrl) throw new Error("--only contacts needs PostgreSQL (run `npm run bench -- --only contacts`)");
    return contactsOnly(databaseUrl);
  }
  if (options.only === "scheduled") {
    if (!databaseUrl) throw new Error("--only scheduled needs PostgreSQL (run `npm run bench -- --only scheduled`)");
    return scheduledOnly(databaseUrl);
  }
  // The figures are on embedded PGlite (`--pglite`); PostgreSQL when TEST_DATABASE_URL is set.
  if (options.only === "imports") return importsOnly(databaseUrl);
  if (options.only === "shutdown") return shutdownOnly(databaseUrl);
  if (options.only === "campaigns") {
    if (!databaseUrl) throw new Error("--only campaigns needs PostgreSQL (run `npm run bench -- --only campaigns`)");
    return campaignsOnly(databaseUrl);
  }
  if (options.only === "observability") {
    if (!databaseUrl)
      throw new Error("--only observability needs PostgreSQL (run `npm run bench -- --only observability`)");
    return observabilityOnly(databaseUrl);
  }
  if (options.only === "live-delivery") {
    if (!databaseUrl)
      throw new Error("--only live-delivery needs PostgreSQL (run `npm run bench -- --only live-delivery`)");
    return liveDeliveryOnly(databaseUrl);
  }
  if (options.only === "smpp") {
    if (!databaseUrl) throw new Error("--only smpp needs PostgreSQL (run `npm run bench -- --only smpp`)");
    return smppOnly(databaseUrl);
  }
  // The retention part runs retention itself, so the server's own job must leave the seed alone.
  const { server, account } = await startSeededServer(
    databaseUrl,
    options.only === "retention" || options.only === "growth"
      ? { RETENTION: "off" }
      : // The links part taps as many phones, each from its own address (X-Forwarded-For).
        options.only === "links"
        ? { TRUST_PROXY: "true" }
        : {},
  );
  if (options.only === "retention") {
    if (!databaseUrl) throw new Error("--only retention needs PostgreSQL (run `npm run bench -- --only retention`)");
    return retentionOnly(server, account, databaseUrl);
  }
  if (options.only === "growth") {
    if (!databaseUrl) throw new Error("--only growth needs PostgreSQL (run `npm run bench -- --only growth`)");
    return growthOnly(server, databaseUrl);
  }
  if (options.only === "trust") {
    if (!databaseUrl) throw new Error("--only trust needs PostgreSQL (run `npm run bench -- --only trust`)");
    return trustOnly(server, account, databaseUrl);
  }
  if (options.only === "links") {
    if (!databaseUrl) throw new Error("--only links needs PostgreSQL (run `npm run bench -- --only links`)");
    return linksOnly(server, account, databaseUrl);
  }
  if (options.only === "webhooks") {
    if (!databaseUrl) throw new Error("--only webhooks needs PostgreSQL (run `npm run bench -- --only webhooks`)");
    return webhooksOnly(server, account, databaseUrl);
  }
  const routes = benchRoutes(account, databaseUrl, s);
  const { compared, token, counter, drains, settle } = routes;
  await preflight(server.baseUrl, routes);

  const perPhase = compared.length * (s.warmupSeconds + s.rounds * s.sliceSeconds);
  log(
    `${s.rounds} rounds of ${s.sliceSeconds} s slices per route, at ${s.connections} then ${s.lightConnections} ` +
      `connection(s): about ${Math.ceil((2 * perPhase + s.warmupSeconds + Math.min(10, s.durationSeconds)) / 60)} min` +
      (counter ? ", plus the waits for the message pipeline and the pipeline run" : ""),
  );
  const meter = cpuMeter(server.pid, databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined);
  const loaded = await runPhase(server.baseUrl, compared, "loaded", s.connections, s, meter);
  const unloaded = await runPhase(server.baseUrl, compared, "unloaded", s.lightConnections, s, meter);
  const tokenMeasured = await measureOnce(
    server.baseUrl,
    token,
    { connections: s.connections, durationSeconds: Math.min(10, s.durationSeconds) },
    s.warmupSeconds,
    meter,
    log,
  );
  const tokenResult = summarize(token, tokenMeasured.slices, tokenMeasured.latencies);

  let pipeline: PipelineResult | undefined;
  if (counter) {
    await settle("pipeline");
    log(`pipeline: ${s.pipelineRequests} × POST /sms/bulk of ${BULK_SIZE} over ${s.bulkConnections} connection(s)`);
    pipeline = await runPipeline({
      baseUrl: server.baseUrl,
      apiKey: account.sms.apiKey,
      requests: s.pipelineRequests,
      connections: s.bulkConnections,
      timeoutMs: s.pipelineTimeoutMs,
      pollIntervalMs: 100,
      counter,
      log,
    });
  }

  // Last, on an idle server: the SMS work above must have drained (its outbox events relayed too).
  let webhooks: WebhookFigures | undefined;
  if (counter) {
    await settle("webhooks");
    webhooks = await benchWebhooks(server, account, databaseUrl!);
  } else log("webhooks: skipped (they need PostgreSQL: run `npm run bench`)");

  // Last: it stops the main server and starts one with SMS_PROVIDER=smpp on the same database.
  // A failure here keeps the figures above: they are reported, and the exit code says it failed.
  let smpp: SmppFigures | undefined;
  let smppFailure: string | undefined;
  if (counter) {
    try {
      smpp = await benchSmpp(databaseUrl!, server);
    } catch (err) {
      smppFailure = err instanceof Error ? err.message : String(err);
      log(`smpp: failed: ${smppFailure}`);
      const tail = serverOutputTail()?.trim();
      if (tail) log(`the server printed (last lines):\n${tail.split("\n").slice(-30).join("\n")}`);
    }
  } else log("smpp: skipped (it needs PostgreSQL: run `npm run bench`)");

  const checksOf = (results: TargetResult[]) => {
    const byName = (name: string) => results.find((r) => r.target.name === name);
    return [
      check("API-key authentication adds ≤ 15 % to the empty route", byName("key-noop"), byName("empty"), 1.15),
      check(
        "the rate limiter adds ≤ 10 % to the key-authenticated route",
        byName("key-limited"),
        byName("key-noop"),
        1.1,
      ),
    ];
  };
  const outcome = {
    databaseLabel,
    loaded,
    unloaded,
    tokenResult,
    checks: checksOf(loaded),
    unloadedChecks: checksOf(unloaded),
    sms: counter !== undefined,
    smsChecks: counter ? smsChecksOf(loaded, s.bulkConnections) : [],
    unloadedSmsChecks: counter ? smsChecksOf(unloaded, Math.min(s.bulkConnections, s.lightConnections)) : [],
    pipeline,
    pipelineChecks: pipeline ? [pipelineCheck(pipeline)] : [],
    pipelineSettings: pipelineSettings(),
    drainSummary: summarizeDrains(drains),
    webhooks,
    smpp,
    smppFailure,
    drift: spread(loaded[0]!.slices.map((r) => r.requests / r.seconds)),
  };
  printOutcome(outcome, s);
  writeReport(fullReport(outcome, s, { database, loadAtStart }), database, true);
  reportServerOutput(server);
  if (smpp) reportServerOutput(smpp.server);
  const gated = new Set(["empty", "key-noop", "key-limited", "sms-send", "sms-bulk"]);
  if (smppFailure) return 1;
  return [...loaded, ...unloaded].every((r) => r.valid || !gated.has(r.target.name)) ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  log(`failed: ${err instanceof Error ? err.message : String(err)}`);
  const tail = serverOutputTail()?.trim();
  if (tail) log(`the server printed (last lines):\n${tail.split("\n").slice(-30).join("\n")}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
