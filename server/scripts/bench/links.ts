import http from "node:http";
import os from "node:os";
import { intFromEnv, log } from "./args";
import { BenchPool } from "./bench-pool";
import { percentile } from "./measure";
import { reportPartOnly } from "./part-report";
import { median } from "./report";
import type { Seed } from "./seed";
import type { RunningServer } from "./server-process";

// `--only links` (PostgreSQL; issue 27): GET /l/:code p50 ÷ the empty route's p50, target ≤ 1.2.
// BENCH_LINKS_CODES (20,000) short links are written straight into campaign_links for one
// campaign; then BENCH_LINKS_ROUNDS (6) interleaved rounds (A B, B A, …) of BENCH_LINKS_REQUESTS
// (1,000) sequential keep-alive requests per route, each click on the next code from its own
// client address (X-Forwarded-For, the server trusting it: every request records a click, as taps
// from many phones do, and passes the per-address limit and the repeat-click check, all in the
// redirect's one statement). The figure is the median of the rounds' ratios. A separate part because the campaigns part (the other half of issue 27) is
// measured on its own million-contact audience; this one needs only links.

class LinkDb extends BenchPool {
  async seedLinks(organizationId: string, campaignId: string, count: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ code: string }>(
      `INSERT INTO campaign_links (code, organization_id, campaign_id, contact_id, message_id, phone, url)
       SELECT 'B' || lpad(n::text, 11, '0'), $1, $2, 'ct_bench_' || n, NULL, '+1415555' || lpad((n % 10000)::text, 4, '0'),
              'https://example.com/landing?n=' || n
       FROM generate_series(1, $3::int) AS n
       RETURNING code`,
      [organizationId, campaignId, count],
    );
    return rows.map((r) => r.code);
  }

  async clicks(campaignId: string): Promise<{ clicks: number; unique: number }> {
    const { rows } = await this.pool.query<{ clicks: number; unique: number }>(
      `SELECT coalesce(sum(clicks), 0)::int AS clicks, coalesce(sum(unique_clicks), 0)::int AS unique
       FROM campaign_daily_stats WHERE campaign_id = $1`,
      [campaignId],
    );
    return rows[0] ?? { clicks: 0, unique: 0 };
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

let phones = 0;

function get(baseUrl: string, path: string): Promise<number> {
  const n = phones++;
  const headers = { "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}${path}`, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
  });
}

async function slice(baseUrl: string, paths: () => string, expected: number, n: number): Promise<number> {
  const latencies = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const path = paths();
    const started = performance.now();
    const status = await get(baseUrl, path);
    latencies[i] = performance.now() - started;
    if (status !== expected) throw new Error(`links: GET ${path} answered ${status}, expected ${expected}`);
  }
  return percentile(latencies.sort(), 50);
}

export async function benchLinks(server: RunningServer, account: Seed, databaseUrl: string) {
  const rounds = intFromEnv("BENCH_LINKS_ROUNDS", 6, 1);
  const requests = intFromEnv("BENCH_LINKS_REQUESTS", 1000, 1);
  const codeCount = intFromEnv("BENCH_LINKS_CODES", 20_000, 1);
  const base = server.baseUrl;
  const db = new LinkDb(databaseUrl);
  const campaignId = `cmp_bench_links_${Date.now()}`;
  try {
    const codes = await db.seedLinks(account.organizationId, campaignId, codeCount);
    let next = 0;
    const link = () => `/l/${codes[next++ % codes.length]}`;
    const empty = () => "/api/bench/empty";
    await slice(base, link, 302, 100); // warm-up
    await slice(base, empty, 200, 100);
    const results: { link: number; empty: number; ratio: number }[] = [];
    for (let r = 0; r < rounds; r++) {
      const got: Record<string, number> = {};
      for (const which of r % 2 === 0 ? ["link", "empty"] : ["empty", "link"]) {
        got[which] =
          which === "link" ? await slice(base, link, 302, requests) : await slice(base, empty, 200, requests);
      }
      results.push({ link: got.link!, empty: got.empty!, ratio: got.link! / got.empty! });
      log(
        `links: round ${r + 1}/${rounds}: p50 /l/:code ${got.link!.toFixed(3)} ms, empty ${got.empty!.toFixed(3)} ms`,
      );
    }
    const recorded = await db.clicks(campaignId);
    const expectedClicks = 100 + rounds * requests;
    if (recorded.clicks !== expectedClicks)
      throw new Error(`links: ${recorded.clicks} clicks recorded, expected ${expectedClicks}`);
    const ratio = median(results.map((r) => r.ratio));
    return {
      settings: { rounds, requests, codes: codeCount },
      rounds: results,
      linkP50Ms: median(results.map((r) => r.link)),
      emptyP50Ms: median(results.map((r) => r.empty)),
      clicksRecorded: recorded.clicks,
      uniqueClicks: recorded.unique,
      ratio,
      target: 1.2,
      pass: ratio <= 1.2,
    };
  } finally {
    agent.destroy();
    await db.close();
  }
}

export async function linksOnly(server: RunningServer, account: Seed, databaseUrl: string): Promise<number> {
  const loadAtStart = os.loadavg();
  const t = await benchLinks(server, account, databaseUrl);
  reportPartOnly(
    "links",
    "campaign short links",
    loadAtStart,
    () => {
      const ratios = t.rounds.map((r) => r.ratio);
      console.log(`  load average at start ${loadAtStart.map((n) => n.toFixed(2)).join(" ")}`);
      console.log(
        `  ${t.pass ? "PASS" : "FAIL"} GET /l/:code p50 ÷ empty route p50: ${t.ratio.toFixed(3)} (target ≤ 1.2; rounds ` +
          `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; ${t.linkP50Ms.toFixed(3)} vs ` +
          `${t.emptyP50Ms.toFixed(3)} ms; ${t.clicksRecorded} clicks recorded, ${t.uniqueClicks} unique)`,
      );
    },
    t,
  );
  return t.pass ? 0 : 1;
}
