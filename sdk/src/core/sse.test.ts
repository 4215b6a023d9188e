import { describe, expect, it } from "vitest";
import { SignalGate } from "../client";
import { SignalGateError } from "./errors";
import { parseSse } from "./sse";

function body(chunks: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const ch of chunks) c.enqueue(enc.encode(ch));
      c.close();
    },
  });
}

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe("parseSse", () => {
  it("parses frames split anywhere, with CRLF, comments, retry and multi-line data", async () => {
    const frames = await all(
      parseSse(
        body([
          "retry: 2000\n: connected\n\nid: evt_1\nev",
          'ent: message.sent\r\ndata: {"a"\r\ndata: :1}\r',
          "\n\r\n",
          ": ping\n\nevent: reset\ndata: {}\n\n",
        ]),
      ),
    );
    expect(frames).toEqual([
      { event: "message.sent", data: '{"a"\n:1}', id: "evt_1", retry: undefined },
      { event: "reset", data: "{}", id: undefined, retry: undefined },
    ]);
  });
});

describe("events.stream", () => {
  const envelope = (id: string) =>
    JSON.stringify({ id, event: "message.sent", timestamp: "2026-11-25T00:00:00.000Z", payload: {} });

  it("reconnects after a dropped connection with the last event's id, and stops on a refusal", async () => {
    const seen: (string | null)[] = [];
    let n = 0;
    const sg = new SignalGate({
      apiKey: "sg_test_x",
      baseUrl: "http://api.test",
      fetch: async (_url, init) => {
        seen.push(new Headers(init.headers).get("last-event-id"));
        n++;
        if (n === 1)
          return new Response(
            body(["retry: 1\n\n", `id: evt_1\nevent: message.sent\ndata: ${envelope("evt_1")}\n\n`]),
            { status: 200 },
          );
        if (n === 2)
          return new Response(body([`id: evt_2\nevent: message.sent\ndata: ${envelope("evt_2")}\n\n`]), {
            status: 200,
          });
        return new Response(JSON.stringify({ error: { code: "key_disabled", message: "x", requestId: "r" } }), {
          status: 401,
          headers: { "content-type": "application/json" },
        });
      },
    });
    const got: string[] = [];
    await expect(
      (async () => {
        for await (const m of sg.events.stream()) if (m.type === "event") got.push(m.id);
      })(),
    ).rejects.toBeInstanceOf(SignalGateError);
    expect(got).toEqual(["evt_1", "evt_2"]);
    expect(seen).toEqual([null, "evt_1", "evt_2"]);
  });
});
