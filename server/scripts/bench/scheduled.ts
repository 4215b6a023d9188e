import { randomBytes } from "node:crypto";
import pg from "pg";
import { intFromEnv, log } from "./args";
import { onCleanup, startBenchServer } from "./lifecycle";
import { describeSlice, percentile, runLoad, type Slice, type Target } from "./measure";
import { runPartOnly } from "./part-only";
import { goal, median, type GoalCheck } from "./report";
import { call, field, organizationIdOf } from "./seed";

// `--only scheduled` (PostgreSQL; issue 26's figures): the scheduler in a production server (its
// embedded job runner runs the due-scan job; its pipeline sends what becomes QUEUED), sandbox keys.
//   1. acceptance: POST /sms/bulk of 1,000 with a sendAt, messages/s ÷ the same bulk without, in
//      alternating rounds (median of the per-round ratios) ≥ 0.90;
//   2. lateness: BENCH_SCHEDULED_STEADY_SECONDS of 1,000 messages due per second (seeded by SQL, due
//      from a few seconds after the seed), QUEUED time (the message.queued event) − sendAt, p99 ≤ 5 s;
//   3. single-send p50 while that dispatch runs ÷ p50 with nothing due (slices before it) ≤ 1.5;
//   4. BENCH_SCHEDULED_MESSAGES (1,000,000) seeded by SQL, all due at the same instant: the last one
//      QUEUED within 60 s of it.
// Seeding by SQL skips the API (its cost is figure 1's), so figures 2–4 measure the scheduler alone.

const BULK = 1000;
const NUMBERS = Array.from({ length: BULK }, (_, i) => `+1415555${String(i).padStart(4, "0")}`);

interface Settings {
  rounds: number;
  sliceSeconds: number;
  bulkConnections: number;
  steadySeconds: number;
  perSecond: number;
  messages: number;
  sendConnections: number;
  timeoutMs: number;
}

function readSettings(): Settings {
  return {
    rounds: intFromEnv("BENCH_SCHEDULED_ROUNDS", 4, 1),
    sliceSeconds: intFromEnv("BENCH_SCHEDULED_SLICE", 2, 1),
    bulkConnections: intFromEnv("BENCH_BULK_CONNECTIONS", 4, 1),
    steadySeconds: intFromEnv("BENCH_SCHEDULED_STEADY_SECONDS", 40, 5),
    perSecond: intFromEnv("BENCH_SCHEDULED_PER_SECOND", 1000, 1),
    messages: intFromEnv("BENCH_SCHEDULED_MESSAGES", 1_000_000, 1000),
    sendConnections: intFromEnv("BENCH_SCHEDULED_SEND_CONNECTIONS", 2, 1),
    timeoutMs: intFromEnv("BENCH_SCHEDULED_TIMEOUT", 600, 10) * 1000,
  };
}

async function seedOrganization(baseUrl: string, name: string) {
  const email = `bench-sched-${randomBytes(6).toString("hex")}@example.test`;
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

// Scheduled sandbox messages as acceptance writes them (status, send_at, next_attempt_at), `n` of
// them from `offset`, the i-th due at $3 + i × $4 ms. The insert trigger counts them as accepted.
const SEED_SQL = `
INSERT INTO messages (id, organization_id, environment, to_number, from_sender, body, segments, encoding,
                      country, status, send_at, next_attempt_at, created_at, updated_at)
SELECT 'msg_bench' || $5::text || lpad(g::text, 9, '0'), $1, 'test', '+1415555' || lpad((g % 10000)::text, 4, '0'),
       'SG', 'Your appointment is tomorrow', 1, 'GSM-7', 'US', 'SCHEDULED',
       $3::timestamptz + (g - $6::int) * ($4::double precision * interval '1 millisecond'),
       $3::timestamptz + (g - $6::int) * ($4::double precision * interval '1 millisecond'), now(), now()
FROM generate_series($6::int, $6::int + $2::int - 1) g`;

async function seedScheduled(
  db: pg.Client,
  organizationId: string,
  count: number,
  firstDue: Date,
  stepMs: number,
  tag: string,
): Promise<void> {
  const chunk = 50_000;
  for (let offset = 0; offset < count; offset += chunk) {
    const n = Math.min(chunk, count - offset);
    const first = new Date(firstDue.getTime() + offset * stepMs);
    await db.query(SEED_SQL, [organizationId, n, first.toISOString(), stepMs, tag, offset]);
  }
}

/**
 * Whether any of the organization's messages is still SCHEDULED: one probe of a partial index that
 * stops at the first one. The bench polls this while the scheduler works; a count(*) over the
 * burst's million rows (a parallel scan, every 250 ms) took a core of the two it was measuring, and
 * with the table's statistics behind the burst the planner picks a sequential scan even for this
 * probe. `db` is a connection of its own with those plans switched off (`probeConnection`).
 */
async function anyScheduled(db: pg.Client, organizationId: string): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM messages WHERE organization_id = $1 AND status = 'SCHEDULED') AS any`,
    [organizationId],
  );
  return rows[0]!.any;
}

async function probeConnection(databaseUrl: string): Promise<pg.Client> {
  const probe = new pg.Client({ connectionString: databaseUrl });
  await probe.connect();
  onCleanup(() => probe.end());
  await probe.query("SET enable_seqscan = off; SET enable_bitmapscan = off; SET max_parallel_workers_per_gather = 0");
  return probe;
}

/** QUEUED time − sendAt of each of the organization's dispatched messages, in ms (from their events). */
async function lateness(db: pg.Client, organizationId: string): Promise<Float64Array> {
  const { rows } = await db.query<{ ms: number }>(
    `SELECT extract(epoch FROM e.occurred_at - m.send_at) * 1000 AS ms
     FROM outbox_events e JOIN messages m ON m.id = e.payload->>'messageId'
     WHERE e.organization_id = $1 AND e.type = 'message.queued'`,
    [organizationId],
  );
  return Float64Array.from(rows.map((r) => Number(r.ms))).sort();
}

async function drainQueued(db: pg.Client, organizationId: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM messages WHERE organization_id = $1 AND status = 'QUEUED'`,
      [organizationId],
    );
    if (rows[0]!.n === "0") return;
    if (Date.now() > deadline) throw new Error(`scheduled: ${rows[0]!.n} messages still QUEUED after the timeout`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Autovacuum and autoanalyze of the two tables the burst writes, so far (they share the CPU with it). */
async function maintenance(db: pg.Client): Promise<string> {
  const { rows } = await db.query<{ relname: string; v: string; a: string; dead: string }>(
    `SELECT relname, autovacuum_count AS v, autoanalyze_count AS a, n_dead_tup AS dead FROM pg_stat_user_tables
     WHERE relname IN ('messages', 'outbox_events') ORDER BY relname`,
  );
  return rows.map((r) => `${r.relname} autovacuum ${r.v}, autoanalyze ${r.a}, dead rows ${r.dead}`).join("; ");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchScheduled(databaseUrl: string) {
  const settings = readSettings();
  const server = await startBenchServer(databaseUrl, {});
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  onCleanup(() => db.end());
  const probe = await probeConnection(databaseUrl);
  const sender = await seedOrganization(server.baseUrl, "Benchmark scheduled acceptance");
  const headers = { authorization: `Bearer ${sender.apiKey}`, "content-type": "application/json" };
  const messages = NUMBERS.map((to) => ({ to, body: "Your appointment is tomorrow" }));

  // 1. Acceptance, scheduled ÷ immediate.
  const bulk = (sendAt?: string): Target => ({
    name: sendAt ? "bulk-scheduled" : "bulk-now",
    method: "POST",
    path: "/api/v1/sms/bulk",
    headers,
    body: JSON.stringify({ messages, ...(sendAt ? { sendAt } : {}) }),
  });
  const later = new Date(Date.now() + 6 * 3_600_000).toISOString();
  const acceptance: { scheduled: Slice; now: Slice }[] = [];
  const slice = async (target: Target, label: string) => {
    const { slice } = await runLoad(server.baseUrl, target, {
      connections: settings.bulkConnections,
      durationSeconds: settings.sliceSeconds,
    });
    log(`scheduled ${label} ${target.name.padEnd(14)} ${describeSlice(slice)}`);
    await drainQueued(db, sender.organizationId, settings.timeoutMs);
    return slice;
  };
  await slice(bulk(later), "warm-up");
  await slice(bulk(), "warm-up");
  for (let r = 0; r < settings.rounds; r++) {
    const label = `${r + 1}/${settings.rounds}`;
    const order = r % 2 === 0 ? [later, undefined] : [undefined, later];
    const round = {} as { scheduled: Slice; now: Slice };
    for (const sendAt of order) round[sendAt ? "scheduled" : "now"] = await slice(bulk(sendAt), label);
    acceptance.push(round);
  }

  // 2 and 3. A steady 1,000 due per second; single sends measured before and during it.
  const steady = await seedOrganization(server.baseUrl, "Benchmark scheduled steady");
  const send: Target = {
    name: "send",
    method: "POST",
    path: "/api/v1/sms/send",
    headers,
    body: JSON.stringify({ to: NUMBERS[0], body: "Your code is 123456" }),
  };
  const steadyCount = settings.steadySeconds * settings.perSecond;
  const leadMs = 15_000;
  const firstDue = new Date(Date.now() + leadMs);
  await seedScheduled(db, steady.organizationId, steadyCount, firstDue, 1000 / settings.perSecond, "s");
  const idle: Slice[] = [];
  while (Date.now() < firstDue.getTime() - settings.sliceSeconds * 1000 - 1500) {
    const { slice } = await runLoad(server.baseUrl, send, {
      connections: settings.sendConnections,
      durationSeconds: settings.sliceSeconds,
    });
    log(`scheduled idle      send ${describeSlice(slice)}`);
    idle.push(slice);
    await drainQueued(db, sender.organizationId, settings.timeoutMs);
  }
  await sleep(Math.max(0, firstDue.getTime() + 2000 - Date.now()));
  const during: Slice[] = [];
  const steadyEnd = firstDue.getTime() + settings.steadySeconds * 1000;
  while (Date.now() < steadyEnd - settings.sliceSeconds * 1000) {
    const { slice } = await runLoad(server.baseUrl, send, {
      connections: settings.sendConnections,
      durationSeconds: settings.sliceSeconds,
    });
    log(`scheduled dispatch  send ${describeSlice(slice)}`);
    during.push(slice);
  }
  const steadyDeadline = Date.now() + settings.timeoutMs;
  while ((await anyScheduled(probe, steady.organizationId)) && Date.now() < steadyDeadline) await sleep(500);
  const late = await lateness(db, steady.organizationId);
  log(
    `scheduled steady: ${late.length}/${steadyCount} dispatched; lateness p50 ${percentile(late, 50).toFixed(0)} ms, ` +
      `p99 ${percentile(late, 99).toFixed(0)} ms, max ${late[late.length - 1]?.toFixed(0)} ms`,
  );

  // 4. A million due at the same instant. The seed's rate on a first chunk (never due) sets the
  // instant: late enough that the whole seed is in before it.
  const burst = await seedOrganization(server.baseUrl, "Benchmark scheduled burst");
  await drainQueued(db, steady.organizationId, settings.timeoutMs);
  const probeStarted = Date.now();
  await seedScheduled(db, sender.organizationId, 50_000, new Date("2099-01-01T00:00:00Z"), 0, "p");
  const seedRate = 50_000 / ((Date.now() - probeStarted) / 1000);
  const dueAt = new Date(Date.now() + Math.ceil((settings.messages / seedRate) * 1.5 * 1000) + 20_000);
  log(`scheduled burst: seeding ${settings.messages} at ~${seedRate.toFixed(0)}/s, all due at ${dueAt.toISOString()}`);
  await seedScheduled(db, burst.organizationId, settings.messages, dueAt, 0, "b");
  const seededAt = new Date();
  log(`scheduled burst: seeded ${((dueAt.getTime() - seededAt.getTime()) / 1000).toFixed(1)} s before the due instant`);
  log(`scheduled burst: maintenance before: ${await maintenance(db)}`);
  let lastQueuedMs: number | null = null;
  if (seededAt < dueAt) {
    const deadline = dueAt.getTime() + settings.timeoutMs;
    for (;;) {
      if (!(await anyScheduled(probe, burst.organizationId))) {
        lastQueuedMs = Date.now() - dueAt.getTime();
        break;
      }
      if (Date.now() > deadline) break;
      await sleep(500);
    }
  } else {
    log("scheduled burst: the seed finished after the due instant: INVALID");
  }
  log(`scheduled burst: maintenance after: ${await maintenance(db)}`);
  const { rows: burstEvents } = await db.query<{ last: Date | null; n: string }>(
    `SELECT max(occurred_at) AS last, count(*) AS n FROM outbox_events
     WHERE organization_id = $1 AND type = 'message.queued'`,
    [burst.organizationId],
  );
  const lastEventMs = burstEvents[0]!.last ? new Date(burstEvents[0]!.last).getTime() - dueAt.getTime() : null;
  log(
    `scheduled burst: ${burstEvents[0]!.n} queued; last QUEUED ${lastEventMs} ms after the due instant ` +
      `(seen by polling at ${lastQueuedMs} ms)`,
  );

  return {
    settings,
    acceptance,
    idle,
    during,
    lateness: {
      count: late.length,
      expected: steadyCount,
      p50Ms: percentile(late, 50),
      p99Ms: percentile(late, 99),
      maxMs: late[late.length - 1] ?? null,
    },
    burst: { messages: settings.messages, queued: Number(burstEvents[0]!.n), lastEventMs, lastQueuedMs, seedRate },
    server,
  };
}

type Figures = Omit<Awaited<ReturnType<typeof benchScheduled>>, "server">;

function scheduledChecks(f: Figures): GoalCheck[] {
  const rate = (s: Slice) => (s.requests * BULK) / s.seconds;
  const valid = (s: Slice) => s.requests > 0 && s.errors + s.timeouts + s.non2xx === 0;
  const ratios = f.acceptance.map((r) => rate(r.scheduled) / rate(r.now));
  const acceptanceOk = f.acceptance.every((r) => valid(r.scheduled) && valid(r.now));
  const p50 = (slices: Slice[]) => median(slices.map((s) => s.p50Ms));
  const sendOk = f.idle.length > 0 && f.during.length > 0 && [...f.idle, ...f.during].every(valid);
  const lateOk = f.lateness.count === f.lateness.expected;
  const burstOk = f.burst.queued === f.burst.messages && f.burst.lastEventMs !== null;
  const fmt = (v: number[]) => v.map((x) => x.toFixed(3)).join(", ");
  return [
    goal(
      "scheduled: bulk of 1,000 with sendAt, messages/s ÷ the same bulk sent now",
      acceptanceOk ? median(ratios) : null,
      "≥",
      0.9,
      "",
      `median of ${ratios.length} rounds (${fmt(ratios)}); ${median(f.acceptance.map((r) => rate(r.scheduled))).toFixed(0)} ` +
        `against ${median(f.acceptance.map((r) => rate(r.now))).toFixed(0)} messages/s`,
    ),
    goal(
      `scheduled: p99 lateness (QUEUED − sendAt) at a steady ${f.settings.perSecond} due per second`,
      lateOk ? f.lateness.p99Ms / 1000 : null,
      "≤",
      5,
      " s",
      `${f.lateness.count} messages over ${f.settings.steadySeconds} s; p50 ${(f.lateness.p50Ms / 1000).toFixed(2)} s, ` +
        `max ${((f.lateness.maxMs ?? 0) / 1000).toFixed(2)} s`,
    ),
    goal(
      "scheduled: single-send p50 while that dispatch runs ÷ with nothing due",
      sendOk ? p50(f.during) / p50(f.idle) : null,
      "≤",
      1.5,
      "",
      `p50 ${p50(f.during).toFixed(2)} ms during (${f.during.length} slices) against ${p50(f.idle).toFixed(2)} ms ` +
        `(${f.idle.length} slices), ${f.settings.sendConnections} connections`,
    ),
    goal(
      `scheduled: ${f.burst.messages.toLocaleString("en-US")} due at the same instant, the last QUEUED after it`,
      burstOk ? f.burst.lastEventMs! / 1000 : null,
      "≤",
      60,
      " s",
      `${f.burst.queued} queued (the message.queued events); polling saw none left at ` +
        `${f.burst.lastQueuedMs === null ? "—" : (f.burst.lastQueuedMs / 1000).toFixed(1)} s; seeded by SQL at ` +
        `${f.burst.seedRate.toFixed(0)}/s`,
    ),
  ];
}

/** `--only scheduled`: its own server; reported beside latest.json. */
export function scheduledOnly(databaseUrl: string): Promise<number> {
  return runPartOnly(
    "scheduled",
    "scheduled messages",
    "Scheduled messages: acceptance, lateness and a burst (sandbox, the server's own due-scan job):",
    () => benchScheduled(databaseUrl),
    scheduledChecks,
  );
}
