import { z } from "zod";
import { EVENTS_LIST_DAYS } from "@/schemas/events";

// The one place configuration is read. Every variable is documented in .env.example and docs/configuration.md.
// Parsed lazily on first use so `next build` (which imports route modules) never needs secrets.

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

// Retention periods (contract §9): whole days, at least one (a shorter period would race the work
// still running on fresh rows: a message's lifecycle, a delivery's 26 h of retries) and at most ten
// years (beyond that, "keep" is what is meant; the cutoff arithmetic stays far from overflow).
const days = (fallback: number) => z.coerce.number().int().min(1).max(3650).default(fallback);
// Dispatched outbox events are what the events API lists and gets for 30 days (contract §13), so §9
// keeps them that long and no shorter.
const outboxDays = z.coerce
  .number()
  .int()
  .min(
    EVENTS_LIST_DAYS,
    `at least ${EVENTS_LIST_DAYS}: the events API reads back ${EVENTS_LIST_DAYS} days (contract §13)`,
  )
  .max(3650)
  .default(EVENTS_LIST_DAYS);

const DEV_SECRET = "dev-only-insecure-secret-change-me-0123456789abcdef";

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// connection string")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATA_DIR: z.string().min(1).default("./.data"),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    JWT_ISSUER: z.string().min(1).default("signalgate"),
    JWT_AUDIENCE: z.string().min(1).default("signalgate-api"),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
    TRUST_PROXY: bool,
    WEBHOOK_ALLOW_PRIVATE_URLS: bool,
    INNGEST_EVENT_KEY: z.string().optional(),
    INNGEST_SIGNING_KEY: z.string().optional(),
    INNGEST_DEV: z.string().optional(),
    INNGEST_BASE_URL: z.string().url().optional(),
    EMBEDDED_JOBS: z.enum(["on", "off"]).default("on"),
    JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
    MESSAGE_PIPELINE: z.enum(["on", "off"]).default("on"),
    MESSAGE_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
    MESSAGE_PIPELINE_YIELD_MS: z.coerce.number().int().min(0).max(1000).default(10),
    MESSAGE_PIPELINE_BUSY_SHARE: z.coerce.number().min(0.05).max(1).default(0.5),
    SANDBOX_DELIVERY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    ALPHANUMERIC_SENDER_MPS: z.coerce.number().min(0.1).max(1000).default(10),
    SENDER_PACING: z.enum(["on", "off"]).default("on"),
    SENDER_PACING_HORIZON_MS: z.coerce.number().int().min(20).max(5_000).default(500),
    WEBHOOK_WORKER: z.enum(["on", "off"]).default("on"),
    WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(200),
    OTP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    // The service operator's credential for /api/v1/operator/* (contract §10); unset: those routes answer 404.
    OPERATOR_TOKEN: z
      .string()
      .min(32, "must be at least 32 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // GET /metrics (contract §16): Authorization: Bearer <METRICS_TOKEN>; unset, the route answers 404.
    METRICS_TOKEN: z
      .string()
      .min(32, "must be at least 32 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    // Read by server/serve.mjs (plain JS, before any TypeScript loads); validated here too.
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    BENCH_ROUTES: z.enum(["on", "off"]).default("off"),
    // Real carriers (server/carriers/live.ts). Unset SMS_PROVIDER: live sends answer 503.
    SMS_PROVIDER: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((p) => p.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.enum(["smpp", "twilio"], { message: "each entry must be smpp or twilio" }))
          .refine((list) => new Set(list).size === list.length, "lists a provider twice"),
      ),
    SMPP_URL: z
      .string()
      .regex(/^s?smpp:\/\/[^/:]+:\d+\/?$/, "must look like smpp://host:port or ssmpp://host:port")
      .optional(),
    SMPP_SYSTEM_ID: z.string().min(1).max(15, "SMPP allows at most 15 characters").optional(),
    SMPP_PASSWORD: z.string().min(1).max(8, "SMPP allows at most 8 characters").optional(),
    SMPP_SYSTEM_TYPE: z.string().max(12, "SMPP allows at most 12 characters").optional(),
    SMPP_WINDOW_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
    SMPP_MAX_MPS: z.coerce.number().min(0.1).max(100_000).optional(),
    TWILIO_MAX_MPS: z.coerce.number().min(0.1).max(100_000).optional(),
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    TWILIO_API_BASE_URL: z.string().url().default("https://api.twilio.com"),
    PUBLIC_BASE_URL: z
      .string()
      .url()
      .optional()
      .transform((v) => v?.replace(/\/+$/, "")),
    // Campaign short links are {LINK_BASE_URL}/l/{code} (contract §11); default: PUBLIC_BASE_URL, else this server.
    LINK_BASE_URL: z
      .string()
      .url()
      .refine((v) => /^https?:\/\//i.test(v), "must be an http(s) URL")
      .optional()
      .transform((v) => v?.replace(/\/+$/, "")),
    // SIGTERM: how long /api/health answers 503 while requests are still served (server/serve.mjs).
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
    // Tests and `npm run chaos` only: shrinks the webhook retry schedule (0.01: 0.6 s, 3 s, 18 s …).
    WEBHOOK_RETRY_DELAY_SCALE: z.coerce.number().positive().max(1).default(1),
    // How long a job stays claimed by a runner that may have died; longer than any step (a webhook
    // attempt's 30 s). Lowered only by `npm run chaos`, to see killed runners' jobs resume sooner.
    JOB_LEASE_MS: z.coerce.number().int().min(35_000).default(300_000),
    // Billing (server/billing/price-list.ts): replaces the bundled price list; validated at start-up.
    PRICE_LIST_FILE: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined),
    // Retention (server/retention/): "off" keeps everything (the background job does nothing).
    RETENTION: z.enum(["on", "off"]).default("on"),
    // Request logs (contract §16): `off` records nothing (the benchmark's baseline, or a deployment that must not).
    REQUEST_LOGS: z.enum(["on", "off"]).default("on"),
    MESSAGE_BODY_RETENTION_DAYS: days(30),
    MESSAGE_RETENTION_DAYS: days(400),
    OUTBOX_RETENTION_DAYS: outboxDays,
    WEBHOOK_LOG_RETENTION_DAYS: days(30),
    AUDIT_LOG_RETENTION_DAYS: days(365),
    FRAUD_COUNTER_RETENTION_DAYS: days(7),
    REQUEST_LOG_RETENTION_DAYS: days(30),
    // Accounts (contract §14, server/email/): without SMTP_URL emails go to the log and /dev/mail.
    SMTP_URL: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .pipe(
        z
          .string()
          .regex(/^smtps?:\/\/[^\s]+$/, "must be smtp://user:pass@host:port or smtps://…")
          .optional(),
      ),
    EMAIL_FROM: z.string().trim().min(3).default("SignalGate <no-reply@signalgate.local>"),
    // /dev/mail: on by default outside production, off in production; `on` forces it (e2e only).
    DEV_MAIL: z.enum(["on", "off"]).optional(),
    REQUIRE_EMAIL_VERIFICATION: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    // Password-reset requests per client IP per hour, any addresses (server/accounts/password-reset-throttle.ts).
    PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    // The due-scan (server/scheduling/dispatch-job.ts): statements at once while a backlog of due
    // scheduled messages lasts (each moves a batch; SKIP LOCKED keeps them apart).
    SCHEDULED_DISPATCH_LANES: z.coerce.number().int().min(1).max(16).default(4),
    // The campaign runner (server/campaigns/runner/run-job.ts): sending batches at once (each claims
    // its own recipients, SKIP LOCKED; the stats rows are striped so they do not wait for each other).
    CAMPAIGN_SEND_LANES: z.coerce.number().int().min(1).max(16).default(6),
  })
  // `when`: checked even when other variables are invalid, so start-up reports every problem at once
  // (a transform runs only once everything else parsed).
  .superRefine(
    (e, ctx) => {
      const production = e.NODE_ENV === "production";
      for (const key of ["AUTH_SECRET"] as const) {
        if (!e[key] && production) {
          ctx.addIssue({ code: "custom", path: [key], message: `${key} is required when NODE_ENV=production` });
        }
      }
      // Email links must point at the public site, never at localhost (contract §14, docs/accounts.md).
      if (production && e.SMTP_URL && !e.PUBLIC_BASE_URL) {
        ctx.addIssue({
          code: "custom",
          path: ["PUBLIC_BASE_URL"],
          message: "PUBLIC_BASE_URL is required when SMTP_URL is set in production (the links in emails)",
        });
      }
      // A body outliving its message is meaningless; a message outliving its body is the point.
      if (
        typeof e.MESSAGE_BODY_RETENTION_DAYS === "number" &&
        typeof e.MESSAGE_RETENTION_DAYS === "number" &&
        e.MESSAGE_BODY_RETENTION_DAYS > e.MESSAGE_RETENTION_DAYS
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["MESSAGE_BODY_RETENTION_DAYS"],
          message: "must not exceed MESSAGE_RETENTION_DAYS (a body cannot outlive its message)",
        });
      }
      // Each provider SMS_PROVIDER names needs its settings (not checked when SMS_PROVIDER itself is invalid).
      const needs: Record<string, readonly (keyof typeof e)[]> = {
        smpp: ["SMPP_URL", "SMPP_SYSTEM_ID", "SMPP_PASSWORD"],
        twilio: ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "PUBLIC_BASE_URL"],
      };
      for (const provider of Array.isArray(e.SMS_PROVIDER) ? e.SMS_PROVIDER : []) {
        for (const key of needs[provider] ?? []) {
          if (!e[key]) {
            ctx.addIssue({
              code: "custom",
              path: [key],
              message: `${key} is required when SMS_PROVIDER includes ${provider}`,
            });
          }
        }
      }
    },
    { when: () => true },
  )
  .transform((e) => {
    const authSecret = e.AUTH_SECRET ?? DEV_SECRET;
    return {
      ...e,
      AUTH_SECRET: authSecret,
      // Access tokens get their own key when given; otherwise one derived from AUTH_SECRET
      // (server/auth/jwt.ts derives it, so the two never share raw key material).
      JWT_SECRET: e.JWT_SECRET ?? authSecret,
      usingDevSecret: !e.AUTH_SECRET,
      inngestEnabled: Boolean(e.INNGEST_EVENT_KEY) || Boolean(e.INNGEST_DEV && !["0", "false"].includes(e.INNGEST_DEV)),
      databaseKind: e.DATABASE_URL ? ("postgres" as const) : ("pglite" as const),
    };
  });

export type Env = z.output<typeof schema>;

let cached: Env | undefined;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export function getEnv(): Env {
  cached ??= loadEnv();
  return cached;
}

/** Tests change variables between cases; production code never calls this. */
export function resetEnvForTests(): void {
  cached = undefined;
}

export const env: Env = new Proxy({} as Env, {
  get: (_target, prop) => getEnv()[prop as keyof Env],
});
