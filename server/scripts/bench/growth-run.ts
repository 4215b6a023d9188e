import os from "node:os";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { recountMessageStats } from "../../analytics/recount";
import { PrismaClient } from "../../db/generated/client";
import { partitionHistory } from "../../db/partitions/partitions";
import { openDriver } from "../../db/driver";
import { loadEnv } from "../../env";
import { retentionPolicyOf } from "../../retention/policy";
import { runRetention, RETENTION_KINDS } from "../../retention/run-retention";
import { intFromEnv, log } from "./args";
import {
  growthProbes,
  measureProbes,
  pickProbeValues,
  type GrowthPicks,
  type GrowthProbeContext,
  type ProbeFigures,
} from "./growth";
import { printGrowth, printProbeTable, type GrowthFigures, type SizeFigures } from "./growth-report";
import { createSeedWebhook, seedGrowth } from "./growth-seed";
import { reportServerOutput } from "./lifecycle";
import { reportPartOnly } from "./part-report";
import { goal } from "./report";
import { databaseBytes } from "./retention-seed";
import { call, field, organizationIdOf } from "./seed";
import type { RunningServer } from "./server-process";

// `--only growth` (issue 20, item 6): one organization measured at BENCH_GROWTH_SMALL (10,000)
// messages, then grown by SQL to BENCH_GROWTH_MESSAGES (5,000,000) over the same 90 days and
// measured again; then retention with the §9 defaults over that history (bytes per message before
// and after). bench/growth-seed.ts writes the data, bench/growth.ts measures.

const DAY = 86_400_000;

/** The organization through the API: a sandbox key for sends, a live key for reads; rate limiting off. */
async function seedOrganization(baseUrl: string) {
  const email = `bench-growth-${Date.now()}@example.test`;
  const password = `bench-growth-${Math.random().toString(36).slice(2)}-password`;
  const organizationId = organizationIdOf(
    await call(baseUrl, "POST", "/api/v1/auth/register", { email, password, organizationName: "Benchmark growth" }),
  );
  const token = field(await call(baseUrl, "POST", "/api/v1/auth/token", { email, password }), "accessToken");
  const key = async (environment: "test" | "live", permissions: string[]) =>
    field(
      await call(
        baseUrl,
        "POST",
        "/api/v1/developer/api-keys",
        { name: `growth ${environment}`, environment, permissions },
        token,
      ),
      "rawKey",
    );
  const testKey = await key("test", ["sms.send", "sms.read"]);
  const liveKey = await key("live", ["sms.read", "analytics.read"]);
  await call(baseUrl, "PATCH", "/api/v1/developer/rate-limits", { enabled: false }, token);
  return { organizationId, testKey, liveKey };
}

async function vacuumAnalyze(client: pg.Client, messages: number, samples: number): Promise<void> {
  log(`growth: VACUUM ANALYZE, then measuring at ${messages.toLocaleString("en")} messages (${samples} samples each)`);
  await client.query(
    "VACUUM ANALYZE messages, outbox_events, webhook_deliveries, webhook_attempts, otp_codes, audit_log, contacts",
  );
}

async function measureSize(
  c: GrowthProbeContext,
  picks: Awaited<ReturnType<typeof pickProbeValues>>,
  messages: number,
  samples: number,
): Promise<SizeFigures> {
  await vacuumAnalyze(c.client, messages, samples);
  const probes = await growthProbes(c, picks);
  const figures: ProbeFigures[] = await measureProbes(probes, samples, 3);
  return { messages, probes: figures, bytes: await databaseBytes(c.client) };
}

/**
 * The large organization and a small control organization of the same shape, probe by probe in the
 * same rounds (A1 B1 A2 B2 …): whatever else the shared machine does then slows both alike, so
 * their ratio measures the data, not the moment (the small size measured before growing was
 * measured minutes earlier, under other load).
 */
async function measureSideBySide(
  large: { c: GrowthProbeContext; picks: GrowthPicks; messages: number },
  control: { c: GrowthProbeContext; picks: GrowthPicks; messages: number },
  samples: number,
): Promise<[SizeFigures, SizeFigures]> {
  await vacuumAnalyze(large.c.client, large.messages, samples);
  const a = await growthProbes(large.c, large.picks);
  const b = await growthProbes(control.c, control.picks);
  const figures = await measureProbes(
    a.flatMap((probe, i) => [probe, b[i]!]),
    samples,
    3,
  );
  const bytes = await databaseBytes(large.c.client);
  return [
    { messages: large.messages, probes: figures.filter((_, i) => i % 2 === 0), bytes },
    { messages: control.messages, probes: figures.filter((_, i) => i % 2 === 1), bytes },
  ];
}

export async function growthOnly(server: RunningServer, databaseUrl: string): Promise<number> {
  const loadAtStart = os.loadavg();
  const small = intFromEnv("BENCH_GROWTH_SMALL", 10_000, 10_000);
  const total = intFromEnv("BENCH_GROWTH_MESSAGES", 5_000_000, small);
  const samples = intFromEnv("BENCH_GROWTH_SAMPLES", 40, 5);
  const retentionOn = process.env.BENCH_GROWTH_RETENTION !== "off";

  const org = await seedOrganization(server.baseUrl);
  log(`growth: organization ${org.organizationId} with a sandbox and a live key, rate limiting off`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const driver = openDriver({ databaseUrl, dataDir: "unused", poolSize: 1 });
  try {
    const webhookId = await createSeedWebhook(client, org.organizationId);
    const c: GrowthProbeContext = { baseUrl: server.baseUrl, ...org, webhookId, prisma, client };
    const now = Date.now();
    const startMs = now - 90 * DAY;
    const seed = { organizationId: org.organizationId, webhookId, startMs, spanMs: 90 * DAY - 10 * 60_000, log };
    // Seeded history goes to its months' partitions, as rows written over 90 days would.
    await partitionHistory(driver, new Date(startMs));
    const empty = await databaseBytes(client);

    log(`growth: seeding ${small.toLocaleString("en")} messages over 90 days by SQL`);
    const smallRows = await seedGrowth(client, { ...seed, from: 0, to: small });
    const picks = await pickProbeValues(c, startMs);
    const atSmall = await measureSize(c, picks, small, samples);

    log(`growth: growing to ${total.toLocaleString("en")} messages by SQL (same span, same shape)`);
    const seedStarted = performance.now();
    const largeRows = await seedGrowth(client, { ...seed, from: small, to: total });
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    // The control: a second organization of the same shape at the small size, in the same database.
    const controlOrg = await seedOrganization(server.baseUrl);
    const controlWebhook = await createSeedWebhook(client, controlOrg.organizationId);
    const cc: GrowthProbeContext = { ...c, ...controlOrg, webhookId: controlWebhook };
    log(`growth: a control organization of ${small.toLocaleString("en")} messages, measured in the same rounds`);
    await seedGrowth(client, {
      ...seed,
      organizationId: controlOrg.organizationId,
      webhookId: controlWebhook,
      from: total,
      to: total + small,
    });
    const controlPicks = await pickProbeValues(cc, startMs);
    const [atLarge, atControl] = await measureSideBySide(
      { c, picks, messages: total },
      { c: cc, picks: controlPicks, messages: small },
      samples,
    );
    log("growth: measured (the report follows at the end):");
    printProbeTable(atControl, atLarge, atSmall);

    log("growth: recounting the hourly aggregates from the messages, and the daily ones from their hours");
    const mismatches = await recountMessageStats(prisma, org.organizationId);

    let retention: GrowthFigures["retention"] = null;
    if (retentionOn) {
      log("growth: retention with contract §9's defaults over the seeded history (no pauses between batches)");
      const started = performance.now();
      const rows = Object.fromEntries(RETENTION_KINDS.map((k) => [k, 0]));
      const related = { ...rows };
      for (;;) {
        const r = await runRetention(driver, retentionPolicyOf(loadEnv({})), new Date(), {
          batchSize: 10_000,
          busyShare: 1,
          minPauseMs: 0,
          budgetMs: 60_000,
        });
        for (const k of RETENTION_KINDS) {
          rows[k]! += r.rows[k];
          related[k]! += r.related[k];
        }
        log(`growth: retention so far ${JSON.stringify(rows)}`);
        if (r.finished) break;
      }
      const seconds = (performance.now() - started) / 1000;
      const afterRetention = await databaseBytes(client);
      log("growth: VACUUM of the tables retention wrote to");
      await client.query("VACUUM messages, outbox_events, webhook_deliveries, webhook_attempts, audit_log, otp_codes");
      retention = { seconds, rows, related, afterRetention, afterVacuum: await databaseBytes(client) };
    }

    const ratioChecks = atControl.probes.map((s) => {
      const l = atLarge.probes.find((p) => p.name === s.name)!;
      return goal(
        `${s.name}: p95 at ${total.toLocaleString("en")} ≤ 2 × at ${small.toLocaleString("en")} (same rounds)`,
        l.p95Ms / s.p95Ms,
        "≤",
        2,
        "×",
        `p95 ${l.p95Ms.toFixed(1)} ms against ${s.p95Ms.toFixed(1)} ms (p50 ${l.p50Ms.toFixed(1)} / ${s.p50Ms.toFixed(1)})`,
      );
    });
    const analyticsChecks = atLarge.probes
      .filter((p) => p.group === "analytics")
      .map((p) => goal(`${p.name}: p95 ≤ 50 ms`, p.p95Ms, "≤", 50, "ms", `at ${total.toLocaleString("en")} messages`));
    const figures: GrowthFigures = {
      seed: { small: smallRows, large: largeRows, largeSeconds: seedSeconds, startMs, spanDays: 90 },
      picks,
      bytes: { empty },
      sizes: [atSmall, atLarge],
      control: atControl,
      aggregatesMismatches: mismatches.length,
      retention,
      checks: [
        ...ratioChecks,
        ...analyticsChecks,
        goal(
          "aggregates equal a recount (hours from messages, days from hours)",
          mismatches.length,
          "≤",
          0,
          "rows",
          `${mismatches.length} mismatches`,
        ),
      ],
    };
    reportPartOnly("growth", "growth", loadAtStart, () => printGrowth(figures), figures);
    reportServerOutput(server);
    return figures.checks.every((ch) => ch.verdict !== "INVALID") ? 0 : 1;
  } finally {
    await prisma.$disconnect();
    await pool.end().catch(() => undefined);
    await driver.close();
    await client.end();
  }
}
