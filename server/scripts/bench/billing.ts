import { randomBytes } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { TestSmsc } from "../../carriers/smpp/test-smsc";
import { intFromEnv, log } from "./args";
import { onCleanup, reportServerOutput, startBenchServer } from "./lifecycle";
import { describeSlice, runLoad, type Slice, type Target } from "./measure";
import { reportPartOnly } from "./part-report";
import { describeGoal, goal, type GoalCheck } from "./report";
import { call, field, organizationIdOf } from "./seed";

// `--only billing` (PostgreSQL; issue 16's figures): what the spend controls cost on the hot path.
// One organization with a live (sg_live_) key and rate limiting off, on a server whose carrier is a
// TestSmsc in this process. Each round measures the same routes twice, in alternating order: once
// with the organization's billing settings cleared (no limit, every country) and once with a
// monthly spend limit (never reached: the check runs in full) and an allowed-countries list set by
// PATCH /developer/billing just before the slice. After every slice the pipeline drains the
// live messages to the SMSC, unmeasured, so no backlog spills into the next slice. Targets:
//   - live POST /sms/bulk (1,000 messages, BENCH_BULK_CONNECTIONS connections) messages/s with the
//     controls ≥ 0.90 × without (median over rounds of the per-round ratio);
//   - live POST /sms/send p50 (BENCH_BILLING_SEND_CONNECTIONS connections) with the limit ≤ 1.10 ×
//     without (median over rounds of the per-round ratio).

const BULK = 1000;
const US_NUMBERS = Array.from({ length: BULK }, (_, i) => `+1415555${String(i).padStart(4, "0")}`);
const CONTROLS = {
  monthlySpendLimit: "1000000000.0000",
  alertThresholds: [50, 80, 100],
  allowedCountries: ["US", "CA", "GB", "DE", "FR", "ES", "IT", "NL", "BR", "IN"],
};
const NO_CONTROLS = { monthlySpendLimit: null, allowedCountries: null };

interface Settings {
  rounds: number;
  sliceSeconds: number;
  bulkConnections: number;
  sendConnections: number;
  drainTimeoutMs: number;
}

function readSettings(): Settings {
  return {
    rounds: intFromEnv("BENCH_BILLING_ROUNDS", 6, 1),
    sliceSeconds: intFromEnv("BENCH_BILLING_SLICE", 2, 1),
    bulkConnections: intFromEnv("BENCH_BULK_CONNECTIONS", 4, 1),
    sendConnections: intFromEnv("BENCH_BILLING_SEND_CONNECTIONS", 10, 1),
    drainTimeoutMs: intFromEnv("BENCH_DRAIN_TIMEOUT", 300, 1) * 1000,
  };
}

type Mode = "without" | "with";
interface Round {
  bulk: Record<Mode, Slice>;
  send: Record<Mode, Slice>;
}

const median = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length === 0
    ? Number.NaN
    : v.length % 2
      ? v[(v.length - 1) / 2]!
      : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
};

async function seedOrganization(baseUrl: string) {
  const email = `bench-billing-${randomBytes(6).toString("hex")}@example.test`;
  const password = `bench-${randomBytes(12).toString("hex")}`;
  const organizationId = organizationIdOf(
    await call(baseUrl, "POST", "/api/v1/auth/register", { email, password, organizationName: "Benchmark billing" }),
  );
  const accessToken = field(await call(baseUrl, "POST", "/api/v1/auth/token", { email, password }), "accessToken");
  const apiKey = field(
    await call(
      baseUrl,
      "POST",
      "/api/v1/developer/api-keys",
      { name: "bench-billing", environment: "live" },
      accessToken,
    ),
    "rawKey",
  );
  await call(baseUrl, "PATCH", "/api/v1/developer/rate-limits", { enabled: false }, accessToken);
  return { organizationId, accessToken, apiKey };
}

/** Waits until none of the organization's messages is QUEUED (the pipeline took them to the SMSC). */
async function drain(db: pg.Client, organizationId: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM messages WHERE organization_id = $1 AND status = 'QUEUED'`,
      [organizationId],
    );
    if (rows[0]!.n === "0") return;
    if (Date.now() > deadline) throw new Error(`billing: ${rows[0]!.n} messages still QUEUED after the drain timeout`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function benchBilling(databaseUrl: string) {
  const settings = readSettings();
  const smsc = await TestSmsc.start({ systemId: "sg-bench", password: randomBytes(4).toString("hex") });
  onCleanup(() => smsc.close());
  const server = await startBenchServer(databaseUrl, {
    SMS_PROVIDER: "smpp",
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: smsc.systemId,
    SMPP_PASSWORD: smsc.password,
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  onCleanup(() => db.end());
  const org = await seedOrganization(server.baseUrl);
  const headers = { authorization: `Bearer ${org.apiKey}`, "content-type": "application/json" };
  const bulk: Target = {
    name: "live-bulk",
    method: "POST",
    path: "/api/v1/sms/bulk",
    headers,
    body: JSON.stringify({ messages: US_NUMBERS.map((to) => ({ to, body: "Your order has shipped." })) }),
  };
  const send: Target = {
    name: "live-send",
    method: "POST",
    path: "/api/v1/sms/send",
    headers,
    body: JSON.stringify({ to: US_NUMBERS[0], body: "Your code is 123456" }),
  };
  const configure = (mode: Mode) =>
    call(
      server.baseUrl,
      "PATCH",
      "/api/v1/developer/billing",
      mode === "with" ? CONTROLS : NO_CONTROLS,
      org.accessToken,
    );
  const slice = async (target: Target, mode: Mode, connections: number, label: string) => {
    await configure(mode);
    const { slice } = await runLoad(server.baseUrl, target, { connections, durationSeconds: settings.sliceSeconds });
    log(`billing ${label} ${target.name.padEnd(9)} ${mode.padEnd(7)} ${describeSlice(slice)}`);
    await drain(db, org.organizationId, settings.drainTimeoutMs);
    return slice;
  };

  log("billing: warm-up (not reported), both settings");
  for (const mode of ["without", "with"] as const) {
    await slice(bulk, mode, settings.bulkConnections, "warm-up");
    await slice(send, mode, settings.sendConnections, "warm-up");
  }
  const rounds: Round[] = [];
  for (let r = 0; r < settings.rounds; r++) {
    const order: Mode[] = r % 2 === 0 ? ["without", "with"] : ["with", "without"];
    const label = `${r + 1}/${settings.rounds}`;
    const round = { bulk: {}, send: {} } as Round;
    for (const mode of order) round.bulk[mode] = await slice(bulk, mode, settings.bulkConnections, label);
    for (const mode of [...order].reverse())
      round.send[mode] = await slice(send, mode, settings.sendConnections, label);
    rounds.push(round);
  }
  await configure("without");
  const { rows } = await db.query<{ refused: string }>(
    `SELECT count(*) FILTER (WHERE price_units = 0 AND status <> 'FAILED') AS refused FROM messages WHERE organization_id = $1`,
    [org.organizationId],
  );
  return { settings, rounds, checks: billingChecks(settings, rounds, Number(rows[0]!.refused)), server };
}

function billingChecks(settings: Settings, rounds: Round[], unpriced: number): GoalCheck[] {
  const valid = (s: Slice) => s.requests > 0 && s.errors + s.timeouts + s.non2xx === 0;
  const allValid = rounds.every((r) => [r.bulk.with, r.bulk.without, r.send.with, r.send.without].every(valid));
  const rate = (s: Slice) => (s.requests * BULK) / s.seconds;
  const bulkRatios = rounds.map((r) => rate(r.bulk.with) / rate(r.bulk.without));
  const sendRatios = rounds.map((r) => r.send.with.p50Ms / r.send.without.p50Ms);
  const fmt = (v: number[]) => v.map((x) => x.toFixed(3)).join(", ");
  const medianRate = (mode: Mode) => median(rounds.map((r) => rate(r.bulk[mode]))).toFixed(0);
  const medianP50 = (mode: Mode) => median(rounds.map((r) => r.send[mode].p50Ms)).toFixed(2);
  const ok = allValid && unpriced === 0;
  return [
    goal(
      "billing: live bulk messages/s with a spend limit and allowed countries ÷ without",
      ok ? median(bulkRatios) : null,
      "≥",
      0.9,
      "",
      `median of ${rounds.length} rounds (${fmt(bulkRatios)}); ${medianRate("with")} against ${medianRate("without")} ` +
        `messages/s, ${settings.bulkConnections} connections of 1,000 live US messages, ${settings.sliceSeconds} s slices`,
    ),
    goal(
      "billing: live single-send p50 with a spend limit ÷ without",
      ok ? median(sendRatios) : null,
      "≤",
      1.1,
      "",
      `median of ${rounds.length} rounds (${fmt(sendRatios)}); p50 ${medianP50("with")} against ` +
        `${medianP50("without")} ms at ${settings.sendConnections} connections` +
        (unpriced > 0 ? `; ${unpriced} live messages without a price: INVALID` : ""),
    ),
  ].map((c) => (ok ? c : { ...c, detail: `a slice had errors or a live message had no price; ${c.detail}` }));
}

/** `--only billing`: its own server and SMSC; reported beside latest.json. */
export async function billingOnly(databaseUrl: string): Promise<number> {
  const loadAtStart = os.loadavg();
  const f = await benchBilling(databaseUrl);
  const { server, ...figures } = f;
  reportPartOnly(
    "billing",
    "billing",
    loadAtStart,
    () => {
      console.log("");
      console.log("Billing: the spend controls on the hot path (live key, TestSmsc carrier, same organization):");
      for (const c of f.checks) console.log(`  ${describeGoal(c)}`);
    },
    figures,
  );
  reportServerOutput(server);
  return 0;
}
