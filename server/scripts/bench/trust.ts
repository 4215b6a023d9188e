import os from "node:os";
import { randomBytes } from "node:crypto";
import { intFromEnv, log } from "./args";
import { percentile } from "./measure";
import { reportPartOnly } from "./part-report";
import { median } from "./report";
import { call, field, organizationIdOf, type Seed } from "./seed";
import type { RunningServer } from "./server-process";
import { Database } from "./webhook-db";
import { Receiver } from "./webhook-receiver";
import { burst, createWebhook, type WebhookBenchOptions } from "./webhooks";

// `--only trust` (PostgreSQL; issue 29), two figures, each from interleaved rounds on one server:
//   - OTP send p50, fraud guard level standard ÷ off: BENCH_TRUST_ROUNDS (6) rounds of
//     BENCH_TRUST_OTP_SENDS (150) sequential POST /api/v1/otp/send per level (A B, B A, …), each to a
//     fresh random number (so neither the per-recipient limit nor a block interferes); the
//     organization's rate limiting is off. Level off still counts the send (one statement either
//     way): the ratio is what the guard's decision adds. Target ≤ 1.10 (median of round ratios).
//   - webhook deliveries/s with both signatures ÷ the seed's alone: BENCH_TRUST_ROUNDS rounds of one
//     burst of BENCH_TRUST_WEBHOOK_EVENTS (2,000) outbox events per mode (bench/webhooks.ts's
//     burst), the mode switched by /api/bench/webhook-signatures. Target ≥ 0.95.

interface OtpOrg {
  apiKey: string;
  accessToken: string;
}

async function seedOtpOrganization(baseUrl: string): Promise<OtpOrg> {
  const email = `bench-trust-${randomBytes(6).toString("hex")}@example.test`;
  const password = `bench-${randomBytes(12).toString("hex")}`;
  organizationIdOf(
    await call(baseUrl, "POST", "/api/v1/auth/register", { email, password, organizationName: "Benchmark OTP" }),
  );
  const accessToken = field(await call(baseUrl, "POST", "/api/v1/auth/token", { email, password }), "accessToken");
  const apiKey = field(
    await call(baseUrl, "POST", "/api/v1/developer/api-keys", { name: "bench-otp", environment: "test" }, accessToken),
    "rawKey",
  );
  await call(baseUrl, "PATCH", "/api/v1/developer/rate-limits", { enabled: false }, accessToken);
  return { apiKey, accessToken };
}

const randomNumber = () => `+1212${String(2_000_000 + Math.floor(Math.random() * 7_999_999)).padStart(7, "0")}`;

async function otpSlice(baseUrl: string, org: OtpOrg, sends: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < sends; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/v1/otp/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${org.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ to: randomNumber() }),
    });
    await res.arrayBuffer();
    if (res.status !== 202) throw new Error(`trust: POST /otp/send answered ${res.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

const p50 = (values: number[]) => percentile(Float64Array.from(values).sort(), 50);

export async function benchTrust(server: RunningServer, account: Seed, databaseUrl: string) {
  const rounds = intFromEnv("BENCH_TRUST_ROUNDS", 6, 1);
  const sends = intFromEnv("BENCH_TRUST_OTP_SENDS", 150, 1);
  const events = intFromEnv("BENCH_TRUST_WEBHOOK_EVENTS", 2000, 1);
  const base = server.baseUrl;

  const org = await seedOtpOrganization(base);
  await otpSlice(base, org, 20); // warm-up
  const otpRounds: { on: number; off: number; ratio: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    const order: ("standard" | "off")[] = r % 2 === 0 ? ["standard", "off"] : ["off", "standard"];
    const got: Record<string, number> = {};
    for (const level of order) {
      await call(base, "PATCH", "/api/v1/developer/fraud-guard", { level }, org.accessToken);
      got[level] = p50(await otpSlice(base, org, sends));
    }
    otpRounds.push({ on: got.standard!, off: got.off!, ratio: got.standard! / got.off! });
    log(`trust: OTP round ${r + 1}/${rounds}: p50 on ${got.standard!.toFixed(2)} ms, off ${got.off!.toFixed(2)} ms`);
  }

  const receiver = new Receiver();
  const db = new Database(databaseUrl);
  const webhookRounds: { both: number; seed: number; ratio: number }[] = [];
  try {
    const url = await receiver.start();
    const o: WebhookBenchOptions = {
      baseUrl: base,
      databaseUrl,
      email: account.email,
      password: account.password,
      organizationId: account.organizationId,
      events,
      runs: 1,
      lowRateEvents: 0,
      lowRateGapMs: 0,
      timeoutMs: 120_000,
      pollIntervalMs: Number(process.env.WEBHOOK_POLL_INTERVAL_MS || 200),
      log,
    };
    const webhookId = await createWebhook(o, url);
    let from = 50_000_000;
    for (let r = 0; r < rounds; r++) {
      const order: ("both" | "seed")[] = r % 2 === 0 ? ["both", "seed"] : ["seed", "both"];
      const got: Record<string, number> = {};
      for (const mode of order) {
        await call(base, "POST", "/api/bench/webhook-signatures", { mode });
        const run = await burst(o, db, receiver, webhookId, from);
        from += events + 1;
        if (run.deliveriesPerSecond === null) throw new Error(`trust: webhook burst (${mode}) timed out`);
        got[mode] = run.deliveriesPerSecond;
      }
      webhookRounds.push({ both: got.both!, seed: got.seed!, ratio: got.both! / got.seed! });
      log(
        `trust: webhook round ${r + 1}/${rounds}: both ${got.both!.toFixed(0)}/s, seed only ${got.seed!.toFixed(0)}/s`,
      );
    }
    await call(base, "POST", "/api/bench/webhook-signatures", { mode: "both" });
  } finally {
    await receiver.close();
    await db.close();
  }
  const otpRatio = median(otpRounds.map((r) => r.ratio));
  const webhookRatio = median(webhookRounds.map((r) => r.ratio));
  return {
    settings: { rounds, sends, events },
    otp: {
      rounds: otpRounds,
      ratio: otpRatio,
      onP50Ms: median(otpRounds.map((r) => r.on)),
      offP50Ms: median(otpRounds.map((r) => r.off)),
      target: 1.1,
      pass: otpRatio <= 1.1,
    },
    webhooks: {
      rounds: webhookRounds,
      ratio: webhookRatio,
      bothPerSecond: median(webhookRounds.map((r) => r.both)),
      seedPerSecond: median(webhookRounds.map((r) => r.seed)),
      target: 0.95,
      pass: webhookRatio >= 0.95,
    },
  };
}

export async function trustOnly(server: RunningServer, account: Seed, databaseUrl: string): Promise<number> {
  const loadAtStart = os.loadavg();
  const t = await benchTrust(server, account, databaseUrl);
  reportPartOnly(
    "trust",
    "trust and safety",
    loadAtStart,
    () => {
      const range = (xs: number[]) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
      console.log(`  load average at start ${loadAtStart.map((n) => n.toFixed(2)).join(" ")}`);
      console.log(
        `  ${t.otp.pass ? "PASS" : "FAIL"} OTP send p50, fraud guard standard ÷ off: ${t.otp.ratio.toFixed(3)} ` +
          `(target ≤ 1.10; rounds ${range(t.otp.rounds.map((r) => r.ratio))}; ${t.otp.onP50Ms.toFixed(2)} vs ${t.otp.offP50Ms.toFixed(2)} ms)`,
      );
      console.log(
        `  ${t.webhooks.pass ? "PASS" : "FAIL"} webhook deliveries/s, both signatures ÷ seed alone: ${t.webhooks.ratio.toFixed(3)} ` +
          `(target ≥ 0.95; rounds ${range(t.webhooks.rounds.map((r) => r.ratio))}; ${t.webhooks.bothPerSecond.toFixed(0)} vs ${t.webhooks.seedPerSecond.toFixed(0)}/s)`,
      );
    },
    t,
  );
  return t.otp.pass && t.webhooks.pass ? 0 : 1;
}
