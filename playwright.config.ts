import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// End-to-end tests run against the production build served by server/serve.mjs (what `npm start` runs) (`npm test` builds first),
// on a data directory of their own that is new for every run. The config is evaluated again in
// every worker process; the directory is chosen once and handed down through the environment.
const ci = Boolean(process.env.CI);
// E2E_PORT moves the three servers (PORT, PORT+1, PORT+2) so two checkouts can run e2e at once.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

// A fixed 40-character secret, like the unit tests'; never used outside tests.
const E2E_AUTH_SECRET = "e2e-only-auth-secret-0123456789abcdefghi";

let dataDir = process.env.SIGNALGATE_E2E_DATA_DIR;
if (!dataDir) {
  dataDir = path.join(os.tmpdir(), `signalgate-e2e-${Date.now()}-${process.pid}`);
  process.env.SIGNALGATE_E2E_DATA_DIR = dataDir;
  rmSync(dataDir, { recursive: true, force: true });
  const created = dataDir;
  // Playwright has stopped the web server by the time the runner exits.
  if (!process.env.KEEP_E2E_DATA) process.on("exit", () => rmSync(created, { recursive: true, force: true }));
}

const sharedDatabaseUrl = process.env.TEST_DATABASE_URL;

// The first server sends sg_live_ messages over SMPP to a test SMSC of its own (e2e/smsc.ts).
const SMSC_PORT = PORT + 9;
const LIVE_SMPP = {
  SMS_PROVIDER: "smpp",
  SMPP_URL: `smpp://127.0.0.1:${SMSC_PORT}`,
  SMPP_SYSTEM_ID: "e2e",
  SMPP_PASSWORD: "e2e-pw",
};
// The two instances sharing PostgreSQL send live messages to an SMSC of their own: the test SMSC
// sends its receipts on the session bound last, which must belong to a server on the same database.
const SHARED_SMSC_PORT = PORT + 8;
const SHARED_LIVE_SMPP = { ...LIVE_SMPP, SMPP_URL: `smpp://127.0.0.1:${SHARED_SMSC_PORT}` };

// Observability (contract §16) on the first shared-database instance.
export const E2E_METRICS_TOKEN = "e2e-only-metrics-token-0123456789abcdef";
const OBSERVED = {
  OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${PORT + 7}`,
  // Export every 200 ms rather than every 5 s, so the test does not wait.
  OTEL_BSP_SCHEDULE_DELAY: "200",
  METRICS_TOKEN: E2E_METRICS_TOKEN,
};

function smsc(port: number) {
  return {
    command: "node --import tsx e2e/smsc.ts",
    port,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
    env: { SMSC_PORT: String(port), SMSC_SYSTEM_ID: "e2e", SMSC_PASSWORD: "e2e-pw" },
  };
}

function server(port: number, env: Record<string, string>) {
  return {
    // The real process, not an npx wrapper: Playwright stops what it started (STACK.md).
    command: "node server/serve.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    // SIGTERM first so the app can close PGlite cleanly.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      AUTH_SECRET: E2E_AUTH_SECRET,
      AUTH_TRUST_HOST: "true",
      // Tests point webhooks at a receiver on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      LOG_LEVEL: "warn",
      // Nothing balances load in front of these: no need to keep serving 5 s after SIGTERM.
      SHUTDOWN_DRAIN_MS: "500",
      // No SMTP server here: emails go to the log and /dev/mail, which the account flows read.
      DEV_MAIL: "on",
      // The operator API (assigning receiving numbers) for e2e/walk-api.spec.ts.
      OPERATOR_TOKEN: "e2e-only-operator-token-0123456789abcdef",
      ...env,
    },
  };
}

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  forbidOnly: ci,
  retries: 0,
  workers: ci ? 1 : undefined,
  timeout: 30_000,
  reporter: [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        // Debian's chromium package; `npx playwright install` cannot download browsers here.
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
          ],
        },
      },
    },
  ],
  webServer: [
    smsc(SMSC_PORT),
    server(PORT, { DATA_DIR: dataDir, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "", ...LIVE_SMPP }),
    // Two instances sharing one PostgreSQL, for what must hold across processes (key revocation,
    // shared rate limits, the spend limit). Only when a PostgreSQL is at hand: `npm test` provides one.
    ...(sharedDatabaseUrl
      ? [
          smsc(SHARED_SMSC_PORT),
          // This one also exports traces to a receiver that e2e/observability.spec.ts runs on PORT+7, and
          // answers /metrics: the production build's tracing and metrics, on PostgreSQL.
          server(PORT + 1, { DATABASE_URL: sharedDatabaseUrl, ...SHARED_LIVE_SMPP, ...OBSERVED }),
          server(PORT + 2, { DATABASE_URL: sharedDatabaseUrl, ...SHARED_LIVE_SMPP }),
        ]
      : []),
  ],
});
