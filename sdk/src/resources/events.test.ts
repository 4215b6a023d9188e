import { describe, expect, it } from "vitest";
import { SignalGate } from "../client";
import { SignalGateError } from "../core/errors";

const sse = (text: string) =>
  new Response(new Blob([text]).stream(), { status: 200, headers: { "content-type": "text/event-stream" } });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const expired = () => json(401, { error: { code: "token_expired", message: "expired", requestId: "r" } });
const frame = (id: string) => `id: ${id}\nevent: message.queued\ndata: {"id":"${id}","event":"message.queued"}\n\n`;
const refusal = (code: string, status = 401) =>
  `event: error\ndata: ${JSON.stringify({ code, status, message: `${code}.` })}\n\n`;

/**
 * A fake events stream: each request answers with the next of `connections` not yet opened (given
 * the request's access token and Last-Event-ID); refresh rotates `access-n`.
 */
function fakeServer(connections: ((token: string, lastEventId: string | null) => Response)[]) {
  const seen: { token: string; lastEventId: string | null }[] = [];
  let issued = 1;
  let opened = 0;
  const fetch = async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    if (path === "/api/v1/auth/refresh") {
      issued++;
      return json(200, {
        accessToken: `access-${issued}`,
        refreshToken: `refresh-${issued}`,
        tokenType: "Bearer",
        expiresIn: 900,
      });
    }
    const headers = new Headers(init.headers);
    const token = headers.get("authorization")?.replace("Bearer ", "") ?? "";
    const lastEventId = headers.get("last-event-id");
    seen.push({ token, lastEventId });
    const next = connections[opened];
    if (!next) return json(401, { error: { code: "unauthenticated", message: "done", requestId: "r" } });
    const res = next(token, lastEventId);
    if (res.ok) opened++;
    return res;
  };
  return { fetch, seen };
}

describe("events.stream() and `event: error` (issue 38)", () => {
  it("renews an expired access token at once and resumes after the last event it received", async () => {
    const server = fakeServer([
      () => sse(`retry: 2000\n\n${frame("evt_1")}${frame("evt_2")}${refusal("token_expired")}`),
      (token) => (token === "access-1" ? expired() : sse(frame("evt_3"))),
    ]);
    const sg = new SignalGate({
      baseUrl: "http://api.test",
      accessToken: "access-1",
      refreshToken: "refresh-1",
      fetch: server.fetch,
    });
    const seen: string[] = [];
    const disconnects: { error?: unknown; retryInMs: number }[] = [];
    const started = Date.now();
    for await (const m of sg.events.stream()) {
      if (m.type === "event") seen.push(m.id);
      if (m.type === "disconnected") disconnects.push({ error: m.error, retryInMs: m.retryInMs });
      if (seen.length === 3) break;
    }
    expect(disconnects).toEqual([
      { error: expect.objectContaining({ code: "token_expired", status: 401 }), retryInMs: 0 },
    ]);
    expect(seen).toEqual(["evt_1", "evt_2", "evt_3"]);
    expect(server.seen.slice(0, 3)).toEqual([
      { token: "access-1", lastEventId: null },
      { token: "access-1", lastEventId: "evt_2" },
      { token: "access-2", lastEventId: "evt_2" },
    ]);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("ends by throwing when the renewed credential is refused too (a revoked key)", async () => {
    const server = fakeServer([
      () => sse(frame("evt_1") + refusal("key_disabled")),
      () => json(401, { error: { code: "key_disabled", message: "This API key is disabled.", requestId: "r" } }),
    ]);
    const sg = new SignalGate({ baseUrl: "http://api.test", apiKey: "sg_test_x", fetch: server.fetch });
    const kinds: string[] = [];
    const err = await (async () => {
      for await (const m of sg.events.stream()) kinds.push(m.type);
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SignalGateError);
    expect(err).toMatchObject({ code: "key_disabled", status: 401 });
    expect(kinds).toEqual(["connected", "event", "disconnected"]);
    expect(server.seen[1]!.lastEventId).toBe("evt_1");
  });

  it("throws the refusal when asked not to reconnect", async () => {
    const server = fakeServer([() => sse(refusal("insufficient_scope", 403))]);
    const sg = new SignalGate({ baseUrl: "http://api.test", apiKey: "sg_test_x", fetch: server.fetch });
    const err = await (async () => {
      for await (const _ of sg.events.stream({ reconnect: false })) void _;
    })().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "insufficient_scope", status: 403 });
  });
});
