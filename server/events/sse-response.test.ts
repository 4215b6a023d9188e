import { describe, expect, it, vi } from "vitest";
import type { EventHub, StreamSink } from "./hub";
import { eventStreamResponse } from "./sse-response";
import { StreamGuard } from "./stream-guard";

/** A hub that only records who subscribed, so a test can act as it would. */
function fakeHub() {
  const sinks: StreamSink[] = [];
  const hub = { subscribe: async (sink: StreamSink) => (sinks.push(sink), () => {}) } as unknown as EventHub;
  return { hub, sinks };
}

describe("eventStreamResponse", () => {
  it("cuts a slow client with an AbortError, which Next does not log as a failure (issue 38, item 16)", async () => {
    const { hub, sinks } = fakeHub();
    const res = eventStreamResponse(
      new Request("http://localhost/"),
      { organizationId: "org_a", types: [], lastEventId: null },
      hub,
      new StreamGuard(),
    );
    const reader = res.body!.getReader();
    await reader.read();
    await vi.waitFor(() => expect(sinks).toHaveLength(1));
    sinks[0]!.close("slow");
    await expect(reader.read()).rejects.toMatchObject({ name: "AbortError" });
  });

  it("ends with `event: error` naming the refusal when its credential stops holding", async () => {
    const { hub, sinks } = fakeHub();
    const guard = new StreamGuard();
    const { AppError } = await import("../errors");
    const res = eventStreamResponse(
      new Request("http://localhost/"),
      {
        organizationId: "org_a",
        types: [],
        lastEventId: null,
        credential: {
          organizationId: "org_a",
          keyId: "key_a",
          group: "Bearer sg_test_a",
          recheck: async () => Promise.reject(new AppError("key_expired")),
        },
      },
      hub,
      guard,
    );
    await vi.waitFor(() => expect(sinks).toHaveLength(1));
    await guard.recheck();
    const text = await new Response(res.body).text();
    expect(text).toMatch(
      /event: error\ndata: \{"code":"key_expired","status":401,"message":"This API key has expired\."\}\n\n$/,
    );
    expect(guard.size).toBe(0);
  });
});
