import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { intFromEnv, log } from "./args";
import { onCleanup, startBenchServer } from "./lifecycle";
import { describeSlice, runLoad, type Slice, type Target } from "./measure";
import { runPartOnly } from "./part-only";
import { goal, median, type GoalCheck } from "./report";
import { call, field, organizationIdOf } from "./seed";

// `--only campaigns` (PostgreSQL; issue 27's figures, but for the link redirect's): a production
// server (its embedded job runner runs the campaign runner; its pipeline sends what is QUEUED),
// sandbox keys.
//   1. bulk acceptance: POST /sms/bulk of 1,000, messages/s (the baseline of figure 4);
//   2. a BENCH_CAMPAIGN_CONTACTS (1,000,000) contact audience (seeded by SQL), no throttle:
//      POST /launch answers in ≤ 1 s;
//   3. the first campaign message is QUEUED ≤ 5 s after the launch's answer;
//   4. campaign messages accepted per second (over BENCH_CAMPAIGN_SEND_SECONDS of sending, or until
//      90 % of the audience is accepted, whichever comes first) ≥ 50 % of 1;
//   5. the server's resident memory grows ≤ 200 MB (VmRSS, before the launch → the highest after);
//   6. then pause: the last message it accepted is ≤ 2 s after the pause was asked for (nothing
//      accepted once the pause has answered);
//   7. a throttlePerMinute of 6,000 over BENCH_CAMPAIGN_THROTTLE_SECONDS (300): the measured rate
//      within ±5 % of it.

const BULK = 1000;
const NUMBERS = Array.from({ length: BULK }, (_, i) => `+1415555${String(i).padStart(4, "0")}`);

interface Settings {
  contacts: number;
  sendSeconds: number;
  throttleSeconds: number;
  throttle: number;
  rounds: number;
  sliceSeconds: number;
  bulkConnections: number;
}

function readSettings(): Settings {
  return {
    contacts: intFromEnv("BENCH_CAMPAIGN_CONTACTS", 1_000_000, 1000),
    sendSeconds: intFromEnv("BENCH_CAMPAIGN_SEND_SECONDS", 60, 5),
    throttleSeconds: intFromEnv("BENCH_CAMPAIGN_THROTTLE_SECONDS", 300, 30),
    throttle: intFromEnv("BENCH_CAMPAIGN_THROTTLE", 6000, 60),
    rounds: intFromEnv("BENCH_CAMPAIGN_ROUNDS", 3, 1),
    sliceSeconds: intFromEnv("BENCH_CAMPAIGN_SLICE", 3, 1),
    bulkConnections: intFromEnv("BENCH_BULK_CONNECTIONS", 4, 1),
  };
}

async function seedAccount(baseUrl: string, name: string) {
  const email = `bench-cmp-${randomBytes(6).toString("hex")}@example.test`;
  const password = `bench-${randomBytes(12).toString("hex")}`;
  const organizationId = organizationIdOf(
    await call(baseUrl, "POST", "/api/v1/auth/register", { email, password, organizationName: name }),
  );
  const accessToken = field(await call(baseUrl, "POST", "/api/v1/auth/token", { email, password }), "accessToken");
  const apiKey = field(
    await call(baseUrl, "POST", "/api/v1/developer/api-keys", { name: "bench", environment: "test" }, accessToken),
    "rawKey",
  );
  await call(baseUrl, "PATCH", "/api/v1/developer/rate-limits", { enabled: false }, accessToken);
  return { organizationId, apiKey };
}

// Contacts as the API writes them, `n` from `offset`: time-ordered ids, distinct phones, and the
// country the API stores with each (server/contacts/contact-country.ts): +1 415 0xx and 1xx are
// unassigned exchanges, which countryOf places in no country (stored as ZZ); 2xx-9xx are the US.
const SEED_CONTACTS_SQL = `
INSERT INTO contacts (id, organization_id, phone, first_name, tags, created_at, updated_at, country)
SELECT 'ct_0bench' || $4::text || lpad(g::text, 9, '0'), $1, '+1415' || lpad(g::text, 7, '0'), 'Ada', '{}',
       now() - interval '1 hour', now() - interval '1 hour', CASE WHEN g < 2000000 THEN 'ZZ' ELSE 'US' END
FROM generate_series($2::int, $2::int + $3::int - 1) g`;

async function seedContacts(db: pg.Client, organizationId: string, count: number, tag: string): Promise<void> {
  for (let offset = 0; offset < count; offset += 50_000) {
    await db.query(SEED_CONTACTS_SQL, [organizationId, offset, Math.min(50_000, count - offset), tag]);
  }
}

/** Messages the campaign has had accepted so far (its aggregate, summed over its stripes: every message status). */
async function acceptedOf(db: pg.Client, campaignId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT sum(queued + sent + delivered + undelivered + failed + canceled) AS n FROM campaign_stats
     WHERE campaign_id = $1`,
    [campaignId],
  );
  return Number(rows[0]?.n ?? 0);
}

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

export async function benchCampaigns(databaseUrl: string) {
  const settings = readSettings();
  const server = await startBenchServer(databaseUrl, {});
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  onCleanup(() => db.end());

  // 1. Bulk acceptance, the baseline.
  const sender = await seedAccount(server.baseUrl, "Benchmark campaigns bulk");
  const bulk: Target = {
    name: "bulk-now",
    method: "POST",
    path: "/api/v1/sms/bulk",
    headers: { authorization: `Bearer ${sender.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ messages: NUMBERS.map((to) => ({ to, body: "Hi Ada, 20% off today only" })) }),
  };
  const bulkSlices: Slice[] = [];
  for (let r = 0; r <= settings.rounds; r++) {
    const { slice } = await runLoad(server.baseUrl, bulk, {
      connections: settings.bulkConnections,
      durationSeconds: settings.sliceSeconds,
    });
    log(`campaigns bulk ${r === 0 ? "warm-up" : `${r}/${settings.rounds}`} ${describeSlice(slice)}`);
    if (r > 0) bulkSlices.push(slice);
  }
  const bulkRate = median(bulkSlices.map((s) => (s.requests * BULK) / s.seconds));

  // 2–6. The million.
  const big = await seedAccount(server.baseUrl, "Benchmark campaigns million");
  const auth = { authorization: `Bearer ${big.apiKey}` };
  log(`campaigns: seeding ${settings.contacts} contacts`);
  await seedContacts(db, big.organizationId, settings.contacts, "m");
  await db.query("ANALYZE contacts");
  const created = await call(
    server.baseUrl,
    "POST",
    "/api/v1/campaigns",
    { name: "Million", template: "Hi {{firstName|there}}, 20% off today only" },
    big.apiKey,
  );
  const campaignId = field(created, "id");
  await sleep(2000);
  const rssBefore = rssBytes(server.pid);
  let rssMax = rssBefore;
  const launch = await timed(() =>
    fetch(`${server.baseUrl}/api/v1/campaigns/${campaignId}/launch`, { method: "POST", headers: auth }),
  );
  const launchedAt = Date.now();
  log(`campaigns: launch answered ${launch.value.status} in ${launch.ms.toFixed(0)} ms`);
  let firstQueuedMs: number | null = null;
  while (firstQueuedMs === null && Date.now() - launchedAt < 60_000) {
    if ((await acceptedOf(db, campaignId)) > 0) firstQueuedMs = Date.now() - launchedAt;
    else await sleep(50);
  }
  const { rows: firstRows } = await db.query<{ at: Date | null }>(
    `SELECT min(created_at) AS at FROM messages WHERE organization_id = $1 AND batch_id = $2`,
    [big.organizationId, campaignId],
  );
  const firstCreatedMs = firstRows[0]?.at ? new Date(firstRows[0].at).getTime() - launchedAt : null;
  log(
    `campaigns: first message QUEUED ${firstCreatedMs} ms after the launch answered (polling saw it at ${firstQueuedMs} ms)`,
  );
  // Sending rate: accepted messages over the window, from the first one. The window ends early
  // once 90 % of the audience is accepted, so a smaller audience (a 100,000-contact iteration run)
  // is measured while it sends, never over idle time after it completed, and is still running
  // when the pause below is asked for.
  const windowStart = Date.now();
  const acceptedAtStart = await acceptedOf(db, campaignId);
  let acceptedAtEnd = acceptedAtStart;
  let windowEnd = windowStart;
  while (Date.now() - windowStart < settings.sendSeconds * 1000) {
    await sleep(250);
    rssMax = Math.max(rssMax, rssBytes(server.pid));
    acceptedAtEnd = await acceptedOf(db, campaignId);
    windowEnd = Date.now();
    if (acceptedAtEnd >= settings.contacts * 0.9) break;
  }
  const sendingSeconds = (windowEnd - windowStart) / 1000;
  const campaignRate = (acceptedAtEnd - acceptedAtStart) / sendingSeconds;
  log(
    `campaigns: ${campaignRate.toFixed(0)} accepted/s over ${sendingSeconds.toFixed(1)} s (${acceptedAtEnd - acceptedAtStart} ` +
      `messages; bulk ${bulkRate.toFixed(0)}/s); RSS max +${((rssMax - rssBefore) / 1e6).toFixed(0)} MB`,
  );

  // 6. Pause.
  const pauseAskedAt = Date.now();
  const pause = await timed(() =>
    fetch(`${server.baseUrl}/api/v1/campaigns/${campaignId}/pause`, { method: "POST", headers: auth }),
  );
  const pausedAt = pauseAskedAt + pause.ms;
  await sleep(3000);
  const { rows: lastRows } = await db.query<{ at: Date | null }>(
    `SELECT max(created_at) AS at FROM messages WHERE organization_id = $1 AND batch_id = $2`,
    [big.organizationId, campaignId],
  );
  const lastAcceptedMs = lastRows[0]?.at ? new Date(lastRows[0].at).getTime() - pauseAskedAt : null;
  log(
    `campaigns: pause answered ${pause.value.status} in ${pause.ms.toFixed(0)} ms; last message accepted ` +
      `${lastAcceptedMs} ms after it was asked (${lastAcceptedMs === null ? "—" : lastAcceptedMs - (pausedAt - pauseAskedAt)} ms after the answer)`,
  );
  await fetch(`${server.baseUrl}/api/v1/campaigns/${campaignId}/cancel`, { method: "POST", headers: auth });

  // 7. Throttle.
  const throttled = await seedAccount(server.baseUrl, "Benchmark campaigns throttle");
  const needed = Math.ceil((settings.throttle * (settings.throttleSeconds + 60)) / 60);
  await seedContacts(db, throttled.organizationId, needed, "t");
  const tc = await call(
    server.baseUrl,
    "POST",
    "/api/v1/campaigns",
    { name: "Throttled", template: "Hi {{firstName|there}}", throttlePerMinute: settings.throttle },
    throttled.apiKey,
  );
  const throttledId = field(tc, "id");
  await call(server.baseUrl, "POST", `/api/v1/campaigns/${throttledId}/launch`, {}, throttled.apiKey);
  while ((await acceptedOf(db, throttledId)) === 0) await sleep(100);
  await sleep(5000);
  const t0 = Date.now();
  const a0 = await acceptedOf(db, throttledId);
  await sleep(settings.throttleSeconds * 1000);
  const a1 = await acceptedOf(db, throttledId);
  const throttleRate = (a1 - a0) / ((Date.now() - t0) / 60_000);
  log(`campaigns: throttled at ${settings.throttle}/min, measured ${throttleRate.toFixed(0)}/min`);
  await fetch(`${server.baseUrl}/api/v1/campaigns/${throttledId}/cancel`, {
    method: "POST",
    headers: { authorization: `Bearer ${throttled.apiKey}` },
  });

  return {
    settings,
    bulkSlices,
    bulkRate,
    launch: { status: launch.value.status, ms: launch.ms },
    firstQueuedMs: firstCreatedMs,
    campaignRate,
    sendingSeconds,
    rss: { beforeMb: rssBefore / 1e6, maxMb: rssMax / 1e6, growthMb: (rssMax - rssBefore) / 1e6 },
    pause: { status: pause.value.status, answerMs: pause.ms, lastAcceptedMs },
    throttle: { perMinute: settings.throttle, measured: throttleRate, seconds: settings.throttleSeconds },
    server,
  };
}

type Figures = Omit<Awaited<ReturnType<typeof benchCampaigns>>, "server">;

function campaignChecks(f: Figures): GoalCheck[] {
  const contacts = f.settings.contacts.toLocaleString("en-US");
  return [
    goal(
      `campaigns: launch of a ${contacts}-contact audience answers in`,
      f.launch.status === 200 ? f.launch.ms / 1000 : null,
      "≤",
      1,
      " s",
      `HTTP ${f.launch.status}`,
    ),
    goal(
      "campaigns: the first message QUEUED after the launch answered",
      f.firstQueuedMs === null ? null : f.firstQueuedMs / 1000,
      "≤",
      5,
      " s",
      "the first campaign message's created_at − the launch's answer",
    ),
    goal(
      "campaigns: messages accepted per second ÷ bulk acceptance",
      f.bulkRate > 0 ? f.campaignRate / f.bulkRate : null,
      "≥",
      0.5,
      "",
      `${f.campaignRate.toFixed(0)}/s over ${f.sendingSeconds.toFixed(1)} s of sending against bulk ${f.bulkRate.toFixed(0)}/s ` +
        `(median of ${f.bulkSlices.length} slices)`,
    ),
    goal(
      "campaigns: the server's resident memory growth while sending",
      f.rss.growthMb,
      "≤",
      200,
      " MB",
      `VmRSS ${f.rss.beforeMb.toFixed(0)} MB before the launch, at most ${f.rss.maxMb.toFixed(0)} MB after`,
    ),
    goal(
      "campaigns: pause takes effect (last message accepted after the pause was asked)",
      f.pause.status === 200 && f.pause.lastAcceptedMs !== null ? f.pause.lastAcceptedMs / 1000 : null,
      "≤",
      2,
      " s",
      `the pause answered in ${f.pause.answerMs.toFixed(0)} ms`,
    ),
    goal(
      `campaigns: throttlePerMinute ${f.throttle.perMinute}, measured ÷ asked`,
      f.throttle.measured / f.throttle.perMinute,
      "≥",
      0.95,
      "",
      `${f.throttle.measured.toFixed(0)}/min over ${f.throttle.seconds} s (the upper bound, ≤ 1.05, is checked below)`,
    ),
    goal(
      `campaigns: throttlePerMinute ${f.throttle.perMinute}, measured ÷ asked (upper bound)`,
      f.throttle.measured / f.throttle.perMinute,
      "≤",
      1.05,
      "",
      `${f.throttle.measured.toFixed(0)}/min`,
    ),
  ];
}

/** `--only campaigns`: its own server; reported beside latest.json. */
export function campaignsOnly(databaseUrl: string): Promise<number> {
  return runPartOnly(
    "campaigns",
    "campaigns",
    "Campaigns: launch, sending, memory, pause and throttle (sandbox, the server's own runner):",
    () => benchCampaigns(databaseUrl),
    campaignChecks,
  );
}
