import { randomBytes } from "node:crypto";

export interface Seed {
  email: string;
  password: string;
  apiKey: string;
  /** The first organization's id (its owner is email/password). */
  organizationId: string;
  /** A second organization, for the SMS routes: its rate limiting is off (see seedSmsSender). */
  sms: SmsSender;
}

export interface SmsSender {
  organizationId: string;
  /** `sg_test_` (sandbox carrier; `sg_live_` for seedLiveSender), with sms.send and sms.read only. */
  apiKey: string;
}

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<unknown> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`seeding: ${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export function field(value: unknown, name: string): string {
  const v = (value as Record<string, unknown> | undefined)?.[name];
  if (typeof v !== "string") throw new Error(`seeding: the response has no string \`${name}\``);
  return v;
}

export function organizationIdOf(registered: unknown): string {
  return field((registered as Record<string, unknown> | undefined)?.organization, "id");
}

/**
 * A fresh account through the public API: register, sign in, create a test API key, and raise the
 * organization's caps to the maximum so the limited route measures the check, never a 429.
 * Four management calls, well inside the 60/min category limit.
 */
export async function seed(baseUrl: string): Promise<Seed> {
  const email = `bench-${randomBytes(6).toString("hex")}@example.test`;
  const password = `bench-${randomBytes(12).toString("hex")}`;
  const organizationId = organizationIdOf(
    await call(baseUrl, "POST", "/api/v1/auth/register", { email, password, organizationName: "Benchmark" }),
  );
  const accessToken = field(await call(baseUrl, "POST", "/api/v1/auth/token", { email, password }), "accessToken");
  const apiKey = field(
    await call(baseUrl, "POST", "/api/v1/developer/api-keys", { name: "bench", environment: "test" }, accessToken),
    "rawKey",
  );
  const max = 1_000_000_000;
  const limits = await call(
    baseUrl,
    "PATCH",
    "/api/v1/developer/rate-limits",
    { perMinute: max, perHour: max, perDay: max },
    accessToken,
  );
  const l = limits as { perMinute?: number; enabled?: boolean };
  if (l.perMinute !== max || l.enabled !== true) {
    throw new Error(`seeding: rate limits not raised as expected: ${JSON.stringify(limits)}`);
  }
  return { email, password, apiKey, organizationId, sms: await seedSmsSender(baseUrl) };
}

/**
 * The SMS routes' organization, apart from the first so the limited route keeps measuring an
 * enabled limiter: the SMS categories have fixed per-minute limits (sms.send 100, sms.bulk 10) that
 * only switching the organization's rate limiting off lifts. The limiter's SQL call still runs on
 * every request (it also re-validates the key). Another four management calls.
 */
async function seedSmsSender(baseUrl: string, environment: "test" | "live" = "test"): Promise<SmsSender> {
  const email = `bench-sms-${randomBytes(6).toString("hex")}@example.test`;
  const password = `bench-${randomBytes(12).toString("hex")}`;
  const organizationId = organizationIdOf(
    await call(baseUrl, "POST", "/api/v1/auth/register", {
      email,
      password,
      organizationName: environment === "live" ? "Benchmark SMPP" : "Benchmark SMS",
    }),
  );
  const accessToken = field(await call(baseUrl, "POST", "/api/v1/auth/token", { email, password }), "accessToken");
  const apiKey = field(
    await call(
      baseUrl,
      "POST",
      "/api/v1/developer/api-keys",
      { name: environment === "live" ? "bench-smpp" : "bench-sms", environment, permissions: ["sms.send", "sms.read"] },
      accessToken,
    ),
    "rawKey",
  );
  if (!apiKey.startsWith(`sg_${environment}_`))
    throw new Error(`seeding: the SMS key is not an sg_${environment}_ key`);
  const limits = await call(baseUrl, "PATCH", "/api/v1/developer/rate-limits", { enabled: false }, accessToken);
  if ((limits as { enabled?: boolean }).enabled !== false) {
    throw new Error(`seeding: rate limiting not switched off as expected: ${JSON.stringify(limits)}`);
  }
  return { organizationId, apiKey };
}

/**
 * The SMPP part's organization (bench/smpp-run.ts): like the SMS one (rate limiting off), with a
 * live (`sg_live_`) key, whose messages go to the configured carrier.
 */
export function seedLiveSender(baseUrl: string): Promise<SmsSender> {
  return seedSmsSender(baseUrl, "live");
}
