import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDriver } from "../db/client";
import { openDriver } from "../db/driver";
import { AppError } from "../errors";
import { uniqueEmail } from "../test/http";
import {
  LOGIN_THROTTLE,
  LoginThrottled,
  ipSubjectKey,
  takeCredentialAttempt,
  throttleCredentialAttempt,
  type AttemptSubjects,
  type ThrottleOptions,
} from "./login-throttle";

// A fixed instant 30 s into a minute, far from the real clock (the table is shared on PostgreSQL,
// so every test also uses its own emails and addresses).
const T0 = Date.UTC(2030, 0, 1, 12, 0, 30);

function uniqueIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** One failed guess: counted and kept. */
async function fail(who: AttemptSubjects, options: ThrottleOptions = {}): Promise<"counted" | number> {
  try {
    await throttleCredentialAttempt(
      who,
      async () => {
        throw new AppError("invalid_credentials");
      },
      () => true,
      { nowMs: T0, ...options },
    );
    throw new Error("unreachable");
  } catch (err) {
    if (err instanceof LoginThrottled) return err.retryAfterSeconds;
    if (err instanceof AppError && err.code === "invalid_credentials") return "counted";
    throw err;
  }
}

/** One correct credential: refunded. */
function succeed(who: AttemptSubjects, options: ThrottleOptions = {}) {
  return throttleCredentialAttempt(
    who,
    async () => "ok",
    () => false,
    { nowMs: T0, ...options },
  );
}

async function failTimes(n: number, who: () => AttemptSubjects, options: ThrottleOptions = {}) {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await fail(who(), options));
  return results;
}

describe("per account", () => {
  it("allows ten failures in fifteen minutes, then refuses with the time until the oldest leaves", async () => {
    const email = uniqueEmail();
    const results = await failTimes(12, () => ({ email, ip: null }));
    expect(results.slice(0, 10)).toEqual(Array(10).fill("counted"));
    // All ten sit in the minute bucket of 12:00; it leaves the window at 12:16:00, 930 s after T0.
    expect(results.slice(10)).toEqual([930, 930]);
  });

  it("counts the email however it is typed", async () => {
    const email = uniqueEmail();
    await failTimes(10, () => ({ email: `  ${email.toUpperCase()} `, ip: null }));
    expect(await fail({ email, ip: null })).toBe(930);
  });

  it("never counts successes, not even a correct password while limited is let through", async () => {
    const email = uniqueEmail();
    await failTimes(9, () => ({ email, ip: null }));
    for (let i = 0; i < 25; i++) expect(await succeed({ email, ip: null })).toBe("ok");
    expect(await fail({ email, ip: null })).toBe("counted");
    // Now full: the limit refuses before the password is looked at, right or wrong.
    await expect(succeed({ email, ip: null })).rejects.toBeInstanceOf(LoginThrottled);
  });

  it("slides: failures leave the window a minute at a time, and refused attempts are not counted", async () => {
    const email = uniqueEmail();
    const who = { email, ip: null };
    for (let m = 0; m < 10; m++) expect(await fail(who, { nowMs: T0 + m * 60_000 })).toBe("counted");
    const refused = await fail(who, { nowMs: T0 + 10 * 60_000 });
    expect(refused).toBe(330); // the 12:00 bucket leaves at 12:16:00; it is 12:10:30
    // Hammering while refused changes nothing.
    for (let i = 0; i < 20; i++) await fail(who, { nowMs: T0 + 10 * 60_000 + i });
    const retryAt = T0 + 10 * 60_000 + Number(refused) * 1000;
    expect(await fail(who, { nowMs: retryAt - 1000 })).toBeTypeOf("number");
    expect(await fail(who, { nowMs: retryAt })).toBe("counted");
    // The 12:01 failure is still inside: the next one waits for it.
    expect(await fail(who, { nowMs: retryAt })).toBe(60);
  });

  it("keeps accounts apart", async () => {
    const a = uniqueEmail();
    await failTimes(10, () => ({ email: a, ip: null }));
    expect(await fail({ email: a, ip: null })).toBeTypeOf("number");
    expect(await fail({ email: uniqueEmail(), ip: null })).toBe("counted");
  });

  it("lets exactly ten of fifty parallel guesses through", async () => {
    const email = uniqueEmail();
    const results = await Promise.all(Array.from({ length: 50 }, () => fail({ email, ip: null })));
    expect(results.filter((r) => r === "counted")).toHaveLength(LOGIN_THROTTLE.perAccount);
  });
});

describe("per client IP", () => {
  it("allows a hundred failures over any accounts, then refuses every account from that address", async () => {
    const ip = uniqueIp();
    const results = await failTimes(100, () => ({ email: uniqueEmail(), ip }));
    expect(results.every((r) => r === "counted")).toBe(true);
    expect(await fail({ email: uniqueEmail(), ip })).toBe(930);
    // Refresh attempts name no account: the address alone refuses them.
    expect(await fail({ ip })).toBe(930);
    expect(await fail({ email: uniqueEmail(), ip: uniqueIp() })).toBe("counted");
  });

  it("counts an IPv6 /64 as one client", async () => {
    expect(ipSubjectKey("2001:db8:1:2:aaaa::1")).toBe(ipSubjectKey("2001:db8:1:2:bbbb::9"));
    expect(ipSubjectKey("2001:db8:1:2::1")).not.toBe(ipSubjectKey("2001:db8:1:3::1"));
    expect(ipSubjectKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    const prefix = `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
    let i = 0;
    await failTimes(100, () => ({ ip: `${prefix}::${(++i).toString(16)}` }));
    expect(await fail({ ip: `${prefix}:ffff:ffff:ffff:ffff` })).toBe(930);
  });

  it("does not lump callers together when the address is unknown", async () => {
    await failTimes(101, () => ({ email: uniqueEmail(), ip: null }));
    expect(await fail({ email: uniqueEmail(), ip: null })).toBe("counted");
    expect(await fail({ ip: null })).toBe("counted");
  });
});

describe("shared store", () => {
  it("is the database: a second connection (instance) sees the first one's failures", async (ctx) => {
    const driver = getDriver();
    if (driver.kind !== "postgres") ctx.skip();
    const other = openDriver({ databaseUrl: process.env.DATABASE_URL, dataDir: "memory://", poolSize: 5 });
    const email = uniqueEmail();
    try {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => fail({ email, ip: null }, i % 2 ? { driver: other } : {})),
      );
      expect(results.filter((r) => r === "counted")).toHaveLength(LOGIN_THROTTLE.perAccount);
      expect(await fail({ email, ip: null }, { driver: other })).toBe(930);
    } finally {
      await other.close();
    }
  });

  it("takes back a refunded attempt once, however often refund is called", async () => {
    const email = uniqueEmail();
    const ticket = await takeCredentialAttempt({ email, ip: null }, { nowMs: T0 });
    await failTimes(9, () => ({ email, ip: null }));
    await ticket.refund();
    await ticket.refund();
    expect(await fail({ email, ip: null })).toBe("counted");
    expect(await fail({ email, ip: null })).toBe(930);
  });
});
