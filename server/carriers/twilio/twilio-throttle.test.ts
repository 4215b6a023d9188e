// Carrier throttling against the test Twilio server (contract §15): an HTTP 429 slows the
// connection down and holds it for its Retry-After; the message answers "throttled" and, sent
// again, is created exactly once.
import { describe, expect, it } from "vitest";
import type { SubmitResult } from "../types";
import { carrier, message, setupTestTwilio, twilio } from "./test-helpers";

setupTestTwilio();

const retried = (results: SubmitResult[]) => results.filter((r) => r.outcome === "retry");

describe("Twilio carrier throttling", () => {
  it("slows down on 429, sends each throttled message again and has it created exactly once, then ramps back up", async () => {
    twilio.throttleAbove(5, "1"); // 5 requests a second, then 429 with Retry-After: 1
    const c = carrier({ maxRetries: 0, pace: { rampShare: 0.5 } });
    expect(c.pace.currentMps()).toBeNull(); // no TWILIO_MAX_MPS: no limit
    const messages = Array.from({ length: 15 }, (_, i) => message(`+1415555${3000 + i}`, `throttle-${i}`));

    const first = await c.submit(messages);
    expect(retried(first).length).toBeGreaterThan(0);
    for (const r of retried(first)) {
      // Retry-After honoured as retryAfterMs; the attempt is not counted; nothing was created.
      expect(r).toMatchObject({
        throttled: true,
        retryAfterMs: 1_000,
        errorMessage: "Twilio 20429: Too Many Requests",
      });
      expect(r.outcome === "retry" && r.maybeTaken).toBeFalsy();
    }
    expect(c.pace.currentMps()).not.toBeNull();
    expect(c.pace.currentMps()!).toBeLessThan(15);

    // As the pipeline would: the throttled ones again until all are created.
    let pending = messages.filter((m) => retried(first).some((r) => r.messageId === m.id));
    for (let round = 0; pending.length > 0 && round < 20; round++) {
      const again = new Set(retried(await c.submit(pending)).map((r) => r.messageId));
      pending = pending.filter((m) => again.has(m.id));
    }
    expect(pending).toEqual([]);
    expect(twilio.created.map((m) => m.body).sort()).toEqual(messages.map((m) => m.body).sort());
    expect(twilio.requests).toHaveLength(messages.length + twilio.throttled);

    await expect.poll(() => c.pace.currentMps(), { timeout: 10_000, interval: 50 }).toBeNull();
  }, 20_000);

  it("holds the connection for a Retry-After: a message whose turn would come too late is not sent", async () => {
    twilio.throttleNext(1, "30");
    const c = carrier({ maxRetries: 0, paceMaxWaitMs: 100 });
    const [a] = await c.submit([message(undefined, "first")]);
    expect(a).toMatchObject({ outcome: "retry", throttled: true, retryAfterMs: 30_000 });

    const [b] = await c.submit([message(undefined, "second")]);
    expect(b).toMatchObject({ outcome: "retry", throttled: true, errorMessage: expect.stringContaining("paced") });
    expect(b!.outcome === "retry" && b!.retryAfterMs).toBeGreaterThan(29_000);
    expect(twilio.requests).toHaveLength(1); // the second never went out
    expect(twilio.created).toHaveLength(0);
  });

  it("a 429 without Retry-After is retried in the same submit when allowed, else answered throttled after 1 s", async () => {
    twilio.throttleNext(2);
    const c = carrier({ maxRetries: 1, pace: { floor: 20 } }); // a quick test: cut to 20/s, not 1/s
    const m = message(undefined, "no-retry-after");
    const [result] = await c.submit([m]);
    expect(result).toMatchObject({ outcome: "retry", throttled: true, retryAfterMs: 1_000 });
    expect(twilio.requests).toHaveLength(2);
    const [again] = await c.submit([m]);
    expect(again).toMatchObject({ outcome: "accepted" });
    expect(twilio.created).toHaveLength(1);
  });
});
