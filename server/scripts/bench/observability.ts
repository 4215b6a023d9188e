import os from "node:os";
import { randomBytes } from "node:crypto";
import { startOtlpReceiver } from "../../test/otlp-receiver";
import { intFromEnv, log } from "./args";
import { percentile } from "./measure";
import { reportPartOnly } from "./part-report";
import { median } from "./report";
import { call, field, organizationIdOf } from "./seed";
import { startServer, type RunningServer } from "./server-process";
import { seedScrapeSize } from "./observability-seed";

// `--only observability` (PostgreSQL; issue 42): two production servers on one database, started
// the same way except that "on" has request logging, METRICS_TOKEN and OTEL_EXPORTER_OTLP_ENDPOINT
// (a receiver in this process, so spans really are exported) and "off" has REQUEST_LOGS=off and
// neither variable (its in-memory counters still count: they cannot be switched off). Neither runs
// the pipeline, so only acceptance is compared. BENCH_OBS_ROUNDS (6) interleaved rounds (A B, B A, …):
//   - single send: BENCH_OBS_CONNECTIONS (8) concurrent loops of POST /sms/send for
//     BENCH_OBS_SECONDS (5) s: p50 and requests/s; targets p50 ratio ≤ 1.10, requests/s ratio ≥ 0.90;
//   - bulk: BENCH_OBS_BULKS (6) sequential POST /sms/bulk of 1,000: messages/s ratio ≥ 0.95;
//   - scrape: GET /metrics every 100 ms on "on" during its send slices: p99 (target ≤ 50 ms), with
//     BENCH_OBS_HISTORY (5,000,000) messages of another organization's history and BENCH_OBS_SENDERS
//     (10,000) live senders with a paced queue in the database (bench/observability-seed.ts).

const METRICS_TOKEN = "bench-metrics-token-0123456789abcdefghij";

interface Org {
  apiKey: string;
}

async function seedOrg(baseUrl: string): Promise<Org> {
  const email = `bench-obs-${randomBytes(6).toString("hex")}@example.test`;
  const password = `bench-${randomBytes(12).toString("hex")}`;
  organizationIdOf(await call(baseUrl, "POST", "/api/v1/auth/register", { email, password, organizationName: "Obs" }));
  const accessToken = field(await call(baseUrl, "POST", "/api/v1/auth/token", { email, password }), "accessToken");
  const apiKey = field(
    await call(baseUrl, "POST", "/api/v1/developer/api-keys", { name: "bench-obs", environment: "test" }, accessToken),
    "rawKey",
  );
  await call(baseUrl, "PATCH", "/api/v1/developer/rate-limits", { enabled: false }, accessToken);
  return { apiKey };
}

async function post(baseUrl: string, key: string, path: string, body: unknown): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  if (res.status !== 202) throw new Error(`observability: POST ${path} answered ${res.status}`);
  return performance.now() - started;
}

/** `connections` loops of POST /sms/send for `seconds`: p50 and requests/s (also bench/live-delivery.ts). */
export async function sendSlice(baseUrl: string, org: Org, seconds: number, connections: number, from?: string) {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        latencies.push(
          await post(baseUrl, org.apiKey, "/api/v1/sms/send", {
            to: "+14155550123",
            body: "bench",
            ...(from && { from }),
          }),
        );
      }
    }),
  );
  return { p50: percentile(Float64Array.from(latencies).sort(), 50), rps: latencies.length / seconds };
}

const BULK = {
  messages: Array.from({ length: 1000 }, (_, i) => ({ to: `+1415555${String(i).padStart(4, "0")}`, body: "b" })),
};

/** `requests` sequential POST /sms/bulk of 1,000: messages/s (also bench/live-delivery.ts). */
export async function bulkSlice(baseUrl: string, org: Org, requests: number, from?: string) {
  const body = from ? { ...BULK, from } : BULK;
  const started = performance.now();
  for (let i = 0; i < requests; i++) await post(baseUrl, org.apiKey, "/api/v1/sms/bulk", body);
  return (requests * 1000) / ((performance.now() - started) / 1000);
}

function scrapeWhile(baseUrl: string): { stop: () => Promise<number[]> } {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      await res.arrayBuffer();
      if (res.status === 200) times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return times;
    },
  };
}

export async function observabilityOnly(databaseUrl: string): Promise<number> {
  const loadAtStart = os.loadavg();
  const rounds = intFromEnv("BENCH_OBS_ROUNDS", 6, 1);
  const seconds = intFromEnv("BENCH_OBS_SECONDS", 5, 1);
  const connections = intFromEnv("BENCH_OBS_CONNECTIONS", 8, 1);
  const bulks = intFromEnv("BENCH_OBS_BULKS", 6, 1);
  const receiver = await startOtlpReceiver();
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NODE_ENV: "production",
    // A production server refuses to start without one (the env module); one secret for both.
    AUTH_SECRET: process.env.AUTH_SECRET || randomBytes(32).toString("hex"),
    MESSAGE_PIPELINE: "off",
    LOG_LEVEL: "warn",
  };
  const servers: Record<"on" | "off", RunningServer> = {
    on: await startServer({
      ...common,
      REQUEST_LOGS: "on",
      METRICS_TOKEN,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    }),
    off: await startServer({ ...common, REQUEST_LOGS: "off", METRICS_TOKEN: "", OTEL_EXPORTER_OTLP_ENDPOINT: "" }),
  };
  try {
    // After the servers: the first one to start migrated the database.
    await seedScrapeSize(
      databaseUrl,
      intFromEnv("BENCH_OBS_HISTORY", 5_000_000, 0),
      intFromEnv("BENCH_OBS_SENDERS", 10_000, 0),
      log,
    );
    const orgs = { on: await seedOrg(servers.on.baseUrl), off: await seedOrg(servers.off.baseUrl) };
    for (const side of ["on", "off"] as const) await sendSlice(servers[side].baseUrl, orgs[side], 2, connections);
    const single: { p50: number; rps: number }[] = [];
    const bulk: number[] = [];
    const scrapes: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const);
      const got: Partial<Record<"on" | "off", { p50: number; rps: number; bulk: number }>> = {};
      for (const side of order) {
        const scraper = side === "on" ? scrapeWhile(servers.on.baseUrl) : null;
        const s = await sendSlice(servers[side].baseUrl, orgs[side], seconds, connections);
        scrapes.push(...((await scraper?.stop()) ?? []));
        got[side] = { ...s, bulk: await bulkSlice(servers[side].baseUrl, orgs[side], bulks) };
      }
      single.push({ p50: got.on!.p50 / got.off!.p50, rps: got.on!.rps / got.off!.rps });
      bulk.push(got.on!.bulk / got.off!.bulk);
      log(
        `observability round ${r + 1}/${rounds}: single p50 ${got.on!.p50.toFixed(2)}/${got.off!.p50.toFixed(2)} ms, ` +
          `req/s ${got.on!.rps.toFixed(0)}/${got.off!.rps.toFixed(0)}, bulk msg/s ${got.on!.bulk.toFixed(0)}/${got.off!.bulk.toFixed(0)}`,
      );
    }
    const figures = {
      singleP50Ratio: median(single.map((s) => s.p50)),
      singleRpsRatio: median(single.map((s) => s.rps)),
      bulkRatio: median(bulk),
      scrapeP99Ms: percentile(Float64Array.from(scrapes).sort(), 99),
      scrapes: scrapes.length,
      spansExported: receiver.spans.length,
    };
    reportPartOnly(
      "observability",
      "observability",
      loadAtStart,
      () => {
        console.log("");
        console.log("Observability on ÷ off (request logs, metrics, tracing to a local OTLP receiver):");
        console.log(`  single send p50 ratio ${figures.singleP50Ratio.toFixed(3)} (target ≤ 1.10)`);
        console.log(`  single send req/s ratio ${figures.singleRpsRatio.toFixed(3)} (target ≥ 0.90)`);
        console.log(`  bulk messages/s ratio ${figures.bulkRatio.toFixed(3)} (target ≥ 0.95)`);
        console.log(
          `  /metrics p99 ${figures.scrapeP99Ms.toFixed(1)} ms over ${figures.scrapes} scrapes (target ≤ 50 ms)`,
        );
        console.log(`  spans exported: ${figures.spansExported}`);
      },
      figures,
    );
    return 0;
  } finally {
    await servers.on.stop();
    await servers.off.stop();
    await receiver.close();
  }
}
