// The per-IP limit on password-reset requests (docs/accounts.md): one client cannot spray reset
// emails over many addresses, and the limit, like the 202, says nothing about which have accounts.
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { resetEnvForTests } from "@/server/env";
import { call, expectError, uniqueEmail } from "@/server/test/http";
import { registered } from "@/server/test/accounts";
import { POST as resetRequest } from "./password-reset/route";

// Requests arrive as server/serve.mjs forwards them: the client address in a header marked with
// the process's edge token, which clientIp() trusts (as in throttle.int.test.ts).
const EDGE_TOKEN = `edge-${randomBytes(12).toString("hex")}`;
beforeAll(() => {
  globalThis.__signalgateEdgeToken = EDGE_TOKEN;
});
afterAll(() => {
  globalThis.__signalgateEdgeToken = undefined;
});
afterEach(() => {
  delete process.env.PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR;
  resetEnvForTests();
});

function uniqueIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

function ask(email: string, ip?: string) {
  const headers: Record<string, string> = ip ? { "x-sg-edge": EDGE_TOKEN, "x-sg-client-ip": ip } : {};
  return call(resetRequest, "/api/v1/auth/password-reset", { body: { email }, headers });
}

/** Reset jobs queued for an address: a refused request must queue none. */
async function queuedFor(email: string): Promise<number> {
  const jobs = await getDb().job.findMany({ where: { eventName: "auth/password-reset.requested" } });
  return jobs.filter((j) => (j.data as { event?: { email?: string } }).event?.email === email).length;
}

/** What a caller can observe of an answer, minus the per-request id and the moving clock. */
function observable(res: Awaited<ReturnType<typeof call>>) {
  const headers = Object.fromEntries(
    [...res.headers]
      .filter(([k]) => k !== "x-request-id")
      .map(([k, v]) => [k, k === "retry-after" || k === "x-ratelimit-reset" ? "n" : v]),
  );
  const error = res.json?.error
    ? { ...res.json.error, message: String(res.json.error.message).replace(/\d+ s\b/, "n s"), requestId: undefined }
    : undefined;
  return { status: res.status, headers, body: error ? { error } : res.json };
}

function setLimit(n: number) {
  process.env.PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR = String(n);
  resetEnvForTests();
}

describe("POST /api/v1/auth/password-reset per client IP", () => {
  it("takes 20 requests an hour from one IP for any addresses, then answers 429 with Retry-After", async () => {
    const ip = uniqueIp();
    const known = await registered();
    for (let i = 0; i < 20; i++) {
      const res = await ask(i % 2 ? known.email : uniqueEmail("spray"), ip);
      expect(res.status).toBe(202);
    }
    const before = await queuedFor(known.email);
    const limited = await ask(known.email, ip);
    expectError(limited, 429, "rate_limited");
    const retryAfter = Number(limited.headers.get("retry-after"));
    // Counts are kept by the minute, and a minute still partly inside the hour counts whole.
    expect(retryAfter).toBeGreaterThan(3540);
    expect(retryAfter).toBeLessThanOrEqual(3660);
    expect(limited.json.error.message).toContain(`${retryAfter} s`);
    expect(limited.headers.get("x-ratelimit-limit")).toBe("20");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    const reset = Number(limited.headers.get("x-ratelimit-reset"));
    expect(Math.abs(reset - (Date.now() / 1000 + retryAfter))).toBeLessThan(5);
    // Refused: nothing queued, and a refusal is not counted (still refused, not worse).
    expect(await queuedFor(known.email)).toBe(before);
    expectError(await ask(uniqueEmail("spray"), ip), 429, "rate_limited");
    // Another client is not affected, and the address itself is not blocked.
    expect((await ask(known.email, uniqueIp())).status).toBe(202);
    expect(await queuedFor(known.email)).toBe(before + 1);
  });

  it("answers a known address exactly as an unknown one, under the limit and past it", async () => {
    setLimit(3);
    const known = await registered();
    const [ipA, ipB] = [uniqueIp(), uniqueIp()];
    for (let i = 0; i < 5; i++) {
      const a = await ask(known.email, ipA);
      const b = await ask(uniqueEmail("nobody"), ipB);
      expect(observable(b)).toEqual(observable(a));
      expect(a.status).toBe(i < 3 ? 202 : 429);
    }
  });

  it("counts an IPv6 /64 as one client and follows PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR", async () => {
    setLimit(2);
    const hex = randomBytes(2).toString("hex");
    const net = `2001:db8:${hex}:1`;
    expect((await ask(uniqueEmail(), `${net}::1`)).status).toBe(202);
    expect((await ask(uniqueEmail(), `${net}::ffff`)).status).toBe(202);
    const limited = await ask(uniqueEmail(), `${net}:0:0:abcd:1`);
    expectError(limited, 429, "rate_limited");
    expect(limited.headers.get("x-ratelimit-limit")).toBe("2");
    expect((await ask(uniqueEmail(), `2001:db8:${hex}:2::1`)).status).toBe(202);
  });

  it("does not limit a request whose client IP is unknown (no trusted proxy), rather than lump all together", async () => {
    setLimit(1);
    for (let i = 0; i < 3; i++) expect((await ask(uniqueEmail())).status).toBe(202);
  });

  it("does not count malformed requests", async () => {
    setLimit(1);
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) {
      const res = await call(resetRequest, "/api/v1/auth/password-reset", {
        body: { email: "not an address" },
        headers: { "x-sg-edge": EDGE_TOKEN, "x-sg-client-ip": ip },
      });
      expectError(res, 400, "invalid_request");
    }
    expect((await ask(uniqueEmail(), ip)).status).toBe(202);
  });
});
