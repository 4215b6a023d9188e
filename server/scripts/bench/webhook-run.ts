import os from "node:os";
import { intFromEnv, log } from "./args";
import { cpuMeter } from "./cpu";
import { reportServerOutput } from "./lifecycle";
import { reportPartOnly } from "./part-report";
import { describeGoal } from "./report";
import type { Seed } from "./seed";
import type { RunningServer } from "./server-process";
import { webhookChecks, webhookInfo } from "./webhook-report";
import { runWebhookBench } from "./webhooks";

// bench.ts's webhook section: the figures of bench/webhooks.ts with their BENCH_WEBHOOK_* knobs,
// printed in the report, and `--only webhooks`.

/** The webhook figures (bench/webhooks.ts) on the running server, with their knobs. */
export async function benchWebhooks(server: RunningServer, account: Seed, databaseUrl: string) {
  const settings = {
    events: intFromEnv("BENCH_WEBHOOK_EVENTS", 5000, 1),
    runs: intFromEnv("BENCH_WEBHOOK_RUNS", 3, 1),
    lowRateEvents: intFromEnv("BENCH_WEBHOOK_LOW_RATE_EVENTS", 50, 1),
    lowRateGapMs: intFromEnv("BENCH_WEBHOOK_LOW_RATE_GAP", 20, 0),
    timeoutMs: intFromEnv("BENCH_WEBHOOK_TIMEOUT", 120, 1) * 1000,
    pollIntervalMs: Number(process.env.WEBHOOK_POLL_INTERVAL_MS || 200),
  };
  log(
    `webhooks: ${settings.runs} × ${settings.events} outbox events in one commit each, then ` +
      `${settings.lowRateEvents} one at a time every ${settings.lowRateGapMs} ms`,
  );
  const result = await runWebhookBench({
    ...settings,
    baseUrl: server.baseUrl,
    databaseUrl,
    email: account.email,
    password: account.password,
    organizationId: account.organizationId,
    meter: cpuMeter(server.pid, new URL(databaseUrl).pathname.slice(1)),
    log,
  });
  return { settings, result, checks: webhookChecks(result), info: webhookInfo(result) };
}

export type WebhookFigures = Awaited<ReturnType<typeof benchWebhooks>>;

export function printWebhooks(w: WebhookFigures): void {
  console.log("");
  console.log(
    `Webhooks: one server process's worker (poll ${w.settings.pollIntervalMs} ms) → a receiver in the bench ` +
      `process on 127.0.0.1 answering 200 at once; one webhook subscribed to "*":`,
  );
  for (const c of w.checks) console.log(`  ${describeGoal(c)}`);
  for (const line of w.info) console.log(`  (info)   ${line}`);
}

/** `--only webhooks`: the webhook figures alone, reported beside latest.json. */
export async function webhooksOnly(server: RunningServer, account: Seed, databaseUrl: string): Promise<number> {
  const loadAtStart = os.loadavg();
  const w = await benchWebhooks(server, account, databaseUrl);
  reportPartOnly("webhooks", "webhooks", loadAtStart, () => printWebhooks(w), w);
  reportServerOutput(server);
  return 0;
}
