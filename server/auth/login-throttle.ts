import { createHash } from "node:crypto";
import ipaddr from "ipaddr.js";
import { getDriver } from "../db/client";
import { rawQuery, type Driver } from "../db/driver";
import { AppError } from "../errors";

/**
 * Brute-force limits on credentials (issue 10): failed attempts at /auth/token, /auth/refresh and
 * the dashboard sign-in, per account (normalized email, known or not) and per client IP, over a
 * sliding 15-minute window kept in the database, so every instance counts together.
 */
export const LOGIN_THROTTLE = {
  perAccount: 10,
  perIp: 100,
  windowSeconds: 15 * 60,
  /** Bucket size: failures leave the window a minute at a time. */
  granularitySeconds: 60,
} as const;

export interface AttemptSubjects {
  /** The email as typed; normalized here the way accounts are looked up. */
  email?: string;
  /** From clientIp(); null (unknown) skips the per-IP limit rather than lumping everyone together. */
  ip: string | null;
}

/** An attempt counted as a failure up front; `refund` takes it back when it turns out a success. */
export interface AttemptTicket {
  refund(): Promise<void>;
}

/** 429 with Retry-After, and the X-RateLimit-* headers of the window that refused (contract §7). */
export class LoginThrottled extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, limit: number, nowMs: number, what = "Too many failed sign-in attempts.") {
    super("rate_limited", `${what} Retry after ${retryAfterSeconds} s.`, {
      headers: {
        "retry-after": String(retryAfterSeconds),
        "x-ratelimit-limit": String(limit),
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(Math.ceil(nowMs / 1000) + retryAfterSeconds),
      },
    });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

// Subjects are hashed: the table never holds an email address or an IP in the clear. Other
// per-subject limits share the table under their own kinds (password-reset requests: "reset-ip";
// short links: "link-ip" per client, "link-click" per client and link).
export function subject(kind: "acct" | "ip" | "reset-ip" | "link-ip" | "link-click", value: string): string {
  return `${kind}:${createHash("sha256").update(value).digest("base64url").slice(0, 32)}`;
}

/** One IPv6 customer usually holds a whole /64: count the prefix, not each address in it. */
export function ipSubjectKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
}

function subjectsFor(who: AttemptSubjects): { subjects: string[]; limits: number[] } {
  const subjects: string[] = [];
  const limits: number[] = [];
  if (who.email !== undefined) {
    subjects.push(subject("acct", who.email.trim().toLowerCase()));
    limits.push(LOGIN_THROTTLE.perAccount);
  }
  if (who.ip) {
    subjects.push(subject("ip", ipSubjectKey(who.ip)));
    limits.push(LOGIN_THROTTLE.perIp);
  }
  return { subjects, limits };
}

/** Tests inject the clock, and a second connection pool to stand for a second instance. */
export interface ThrottleOptions {
  nowMs?: number;
  driver?: Driver;
}

interface TakeRow extends Record<string, unknown> {
  allowed: boolean;
  counted_bucket: string | number | bigint | null;
  retry_after_ms: string | number | bigint | null;
  denied_limit: number | null;
}

/**
 * Count one attempt against every subject, or throw LoginThrottled (429 with Retry-After) when
 * any subject has no room left; a refused attempt is not counted.
 */
export async function takeCredentialAttempt(
  who: AttemptSubjects,
  options: ThrottleOptions = {},
): Promise<AttemptTicket> {
  const { subjects, limits } = subjectsFor(who);
  return takeAttempt(subjects, limits, LOGIN_THROTTLE.windowSeconds, options);
}

/**
 * The sliding-window counter itself, for any subjects (from subject()) and window: counts one
 * attempt in each, or throws LoginThrottled (`what` opens its message) when one is full.
 * Buckets stay LOGIN_THROTTLE.granularitySeconds wide for every caller: the table's clean-up
 * reads bucket numbers in that unit.
 */
export async function takeAttempt(
  subjects: string[],
  limits: number[],
  windowSeconds: number,
  { nowMs = Date.now(), driver = getDriver() }: ThrottleOptions = {},
  what?: string,
): Promise<AttemptTicket> {
  if (subjects.length === 0) return { refund: async () => {} };
  const [row] = await rawQuery<TakeRow>(
    driver,
    "SELECT * FROM sg_auth_attempt_take($1::text[], $2::int[], $3, $4, $5)",
    [subjects, limits, Math.floor(nowMs), windowSeconds, LOGIN_THROTTLE.granularitySeconds],
  );
  if (!row?.allowed) {
    const retryAfterSeconds = Math.max(1, Math.ceil(Number(row?.retry_after_ms ?? 1000) / 1000));
    throw new LoginThrottled(retryAfterSeconds, Number(row?.denied_limit ?? limits[0]), nowMs, what);
  }
  const bucket = String(row.counted_bucket);
  let refunded = false;
  return {
    async refund() {
      if (refunded) return;
      refunded = true;
      await rawQuery(
        driver,
        "UPDATE auth_failure_buckets SET count = count - 1 WHERE subject = ANY($1::text[]) AND bucket = $2 AND count > 0",
        [subjects, bucket],
      );
    },
  };
}

/**
 * Run one credential check under the limits: counted first, refunded unless `failed` says the
 * outcome was a wrong credential. Anything that is not a failed guess (success, an unrelated
 * refusal, a fault) costs nothing.
 */
export async function throttleCredentialAttempt<T>(
  who: AttemptSubjects,
  attempt: () => Promise<T>,
  failed: (outcome: { value: T } | { error: unknown }) => boolean,
  options?: ThrottleOptions,
): Promise<T> {
  const ticket = await takeCredentialAttempt(who, options);
  let outcome: { value: T } | { error: unknown };
  try {
    outcome = { value: await attempt() };
  } catch (error) {
    outcome = { error };
  }
  if (!failed(outcome)) await ticket.refund();
  if ("error" in outcome) throw outcome.error;
  return outcome.value;
}

/** The failed-guess test of the token and refresh endpoints: their refusals of a credential. */
export function isCredentialRefusal(outcome: { error: unknown } | { value: unknown }): boolean {
  if (!("error" in outcome) || !(outcome.error instanceof AppError)) return false;
  return ["invalid_credentials", "unauthenticated", "refresh_token_reused"].includes(outcome.error.code);
}
