import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "../env";
import { clientIp } from "./client-ip";

const TOKEN = "edge-token-for-tests-0123456789";

function request(headers: Record<string, string>) {
  return new Request("http://localhost/api/v1/sms/send", { headers });
}

afterEach(() => {
  delete process.env.TRUST_PROXY;
  globalThis.__signalgateEdgeToken = undefined;
  resetEnvForTests();
});

describe("clientIp", () => {
  it("trusts the address recorded by server/serve.mjs, marked with its per-process token", () => {
    globalThis.__signalgateEdgeToken = TOKEN;
    expect(clientIp(request({ "x-sg-edge": TOKEN, "x-sg-client-ip": "198.51.100.4" }))).toBe("198.51.100.4");
  });

  it("ignores a forged marker or client-ip header", () => {
    globalThis.__signalgateEdgeToken = TOKEN;
    expect(clientIp(request({ "x-sg-edge": "guess", "x-sg-client-ip": "198.51.100.4" }))).toBeNull();
    expect(clientIp(request({ "x-sg-client-ip": "198.51.100.4", "x-forwarded-for": "198.51.100.4" }))).toBeNull();
  });

  it("uses the left-most X-Forwarded-For entry only with TRUST_PROXY=true", () => {
    const forwarded = request({ "x-forwarded-for": "203.0.113.7, 10.0.0.2" });
    expect(clientIp(forwarded)).toBeNull();
    process.env.TRUST_PROXY = "true";
    resetEnvForTests();
    expect(clientIp(forwarded)).toBe("203.0.113.7");
  });
});
