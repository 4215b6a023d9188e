import { afterEach, describe, expect, it, vi } from "vitest";
import { buildProgram } from "../program";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("signalgate sms send --from (contract §15)", () => {
  it("sends a sender pool's id as `from` and shows the sender it chose", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      expect(new URL(url).pathname).toBe("/api/v1/sms/send");
      bodies.push(JSON.parse(String(init.body)));
      return Response.json(
        {
          messageId: "msg_1",
          status: "QUEUED",
          to: "+14155550123",
          from: "+14155550100",
          poolId: "pool_abc",
          body: "hi",
          segments: 1,
          encoding: "GSM-7",
          price: "0.0000",
          priceUnit: "USD",
          environment: "test",
          createdAt: "2026-12-02T00:00:00.000Z",
        },
        { status: 202 },
      );
    });
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    const argv = ["--api-key", "sg_test_x", "--base-url", "http://api.test", "sms", "send"];
    await buildProgram().parseAsync([...argv, "--to", "+14155550123", "--body", "hi", "--from", "pool_abc"], {
      from: "user",
    });
    expect(bodies).toEqual([{ to: "+14155550123", body: "hi", from: "pool_abc" }]);
    expect(lines.join("\n")).toContain("from +14155550100 (pool pool_abc)");
  });
});
