// The redirect's faults (the database paths are in links.int.test.ts): an unreachable database is
// 503 service_unavailable with Retry-After, as every route answers; any other error is the caller's.
import { describe, expect, it, vi } from "vitest";

const failure = vi.hoisted(() => ({ error: new Error("x") as unknown }));
vi.mock("./record-click", () => ({
  recordLinkClick: async () => {
    throw failure.error;
  },
  lookupLink: async () => {
    throw failure.error;
  },
}));

const { answerLinkRequest } = await import("./redirect");
const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1";

describe("GET /l/{code} when the database fails", () => {
  it("answers 503 service_unavailable with Retry-After while the database is unreachable", async () => {
    failure.error = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    for (const method of ["GET", "HEAD"]) {
      const out = await answerLinkRequest(method, "AAAAAAAAAAAA", BROWSER);
      expect(out).toMatchObject({
        status: 503,
        headers: { "retry-after": "5", "cache-control": "private, no-store" },
        error: { code: "service_unavailable" },
      });
      expect(JSON.stringify(out)).not.toContain("127.0.0.1");
    }
  });

  it("lets any other error through (serve.mjs answers a plain 500)", async () => {
    failure.error = new Error("a bug");
    await expect(answerLinkRequest("GET", "AAAAAAAAAAAA", BROWSER)).rejects.toThrow("a bug");
  });
});
