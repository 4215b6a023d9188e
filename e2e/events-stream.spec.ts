// The events stream (contract §13) against production servers: resumed across a restart with no
// gap and no repeat, fed across processes sharing PostgreSQL, and fanned out to 500 connections.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SignalGate, type StreamMessage } from "../sdk/src/index.js";
import { PASSWORD, uniqueEmail } from "./helpers";
import { productionEnv, spawnServer, whenReady, type ServerProcess } from "./server-process";

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const RESTART_PORT = BASE_PORT + 21;

async function account(baseUrl: string) {
  const email = uniqueEmail("events");
  await new SignalGate({ baseUrl }).auth.register({ email, password: PASSWORD, organizationName: "Events Org" });
  const management = new SignalGate({ baseUrl, email, password: PASSWORD });
  const key = await management.apiKeys.create({ name: "events", environment: "test" });
  return { management, apiKey: key.rawKey };
}

/** Consume a stream in the background, keeping every message. */
function collect(sg: SignalGate, signal: AbortSignal) {
  const messages: StreamMessage[] = [];
  const done = (async () => {
    for await (const m of sg.events.stream({ signal })) messages.push(m);
  })();
  const events = () => messages.flatMap((m) => (m.type === "event" ? [m] : []));
  return {
    messages,
    events,
    done,
    async until(pred: () => boolean, ms = 60_000) {
      const deadline = Date.now() + ms;
      while (!pred()) {
        if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(messages.map((m) => m.type))}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

const delivered = (c: ReturnType<typeof collect>) =>
  c.events().filter((e) => e.event.event === "message.delivered").length;

test("a stream resumes across a server restart with no gap and no duplicate", async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "signalgate-events-restart-"));
  const env = productionEnv(RESTART_PORT, { DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: "0" });
  const baseUrl = `http://127.0.0.1:${RESTART_PORT}`;
  let server: ServerProcess = spawnServer(RESTART_PORT, env);
  const ac = new AbortController();
  try {
    await whenReady(server);
    const { apiKey } = await account(baseUrl);
    const sg = new SignalGate({ baseUrl, apiKey });
    const stream = collect(new SignalGate({ baseUrl, apiKey }), ac.signal);
    await stream.until(() => stream.messages.some((m) => m.type === "connected"));

    for (let i = 0; i < 3; i++) await sg.sms.send({ to: "+14155550123", body: `before ${i}` });
    await stream.until(() => delivered(stream) === 3);
    // Sent right before the restart: their later events commit after the stream was cut.
    for (let i = 0; i < 3; i++) await sg.sms.send({ to: "+14155550123", body: `around ${i}` });
    server.kill("SIGTERM");
    await server.exited;
    server = spawnServer(RESTART_PORT, env);
    await whenReady(server);
    for (let i = 0; i < 2; i++) await sg.sms.send({ to: "+14155550123", body: `after ${i}` });

    await stream.until(() => delivered(stream) === 8, 120_000);
    expect(stream.messages.filter((m) => m.type === "connected").length).toBeGreaterThanOrEqual(2);
    expect(stream.messages.some((m) => m.type === "reset")).toBe(false);
    const ids = stream.events().map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const all = (await sg.events.list({ limit: 100 }).toArray()).map((e) => e.id);
    expect(ids.slice().sort()).toEqual(all.slice().sort());
    // Each message's events arrive in the order they happened.
    const byMessage = new Map<string, string[]>();
    for (const e of stream.events()) {
      const id = (e.event.payload as { messageId: string }).messageId;
      byMessage.set(id, [...(byMessage.get(id) ?? []), e.event.event]);
    }
    expect(byMessage.size).toBe(8);
    for (const seq of byMessage.values()) expect(seq).toEqual(["message.queued", "message.sent", "message.delivered"]);
  } finally {
    ac.abort();
    server.kill("SIGTERM");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("two processes on one PostgreSQL: an event committed by either reaches a stream on the other", async () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs the two instances sharing PostgreSQL (npm test provides them)");
  const a = `http://127.0.0.1:${BASE_PORT + 1}`;
  const b = `http://127.0.0.1:${BASE_PORT + 2}`;
  const { apiKey } = await account(a);
  const ac = new AbortController();
  try {
    const onA = collect(new SignalGate({ baseUrl: a, apiKey }), ac.signal);
    const onB = collect(new SignalGate({ baseUrl: b, apiKey }), ac.signal);
    await onA.until(() => onA.messages.some((m) => m.type === "connected"));
    await onB.until(() => onB.messages.some((m) => m.type === "connected"));
    const viaB = await new SignalGate({ baseUrl: b, apiKey }).sms.send({ to: "+14155550123", body: "via B" });
    const viaA = await new SignalGate({ baseUrl: a, apiKey }).sms.send({ to: "+14155550123", body: "via A" });
    const has = (c: ReturnType<typeof collect>, id: string) =>
      c
        .events()
        .some((e) => (e.event.payload as { messageId: string }).messageId === id && e.event.event === "message.queued");
    await onA.until(() => has(onA, viaB.messageId));
    await onB.until(() => has(onB, viaA.messageId));
    await onA.until(() => delivered(onA) === 2);
    await onB.until(() => delivered(onB) === 2);
    expect(
      onA
        .events()
        .map((e) => e.id)
        .sort(),
    ).toEqual(
      onB
        .events()
        .map((e) => e.id)
        .sort(),
    );
  } finally {
    ac.abort();
  }
});

test("500 open streams of one organization each receive the event, and the server keeps answering", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { apiKey, management } = await account(baseURL!);
  // 500 connections in a moment are 500 requests: past the organization's default 100 a minute.
  await management.rateLimits.update({ enabled: false });
  // One key holds at most 20 streams (issue 38): 25 keys of the organization hold the 500.
  const keys = [apiKey];
  while (keys.length < 25) keys.push((await management.apiKeys.create({ name: `events ${keys.length}` })).rawKey);
  const url = new URL("/api/v1/developer/events/stream?types=message.queued", baseURL);
  const streams: { req: http.ClientRequest; text: () => string }[] = [];
  try {
    await Promise.all(
      Array.from({ length: 500 }, async (_, i) => {
        const key = keys[Math.floor(i / 20)];
        await new Promise<void>((resolve, reject) => {
          let text = "";
          const req = http.get(url, { agent: false, headers: { authorization: `Bearer ${key}` } }, (res) => {
            expect(res.statusCode).toBe(200);
            expect(res.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
            res.on("data", (c: Buffer) => {
              text += c.toString();
              if (text.includes("connected")) resolve();
            });
          });
          req.on("error", reject);
          streams.push({ req, text: () => text });
        });
      }),
    );
    // Connected means subscribed a moment later; let the last ones attach.
    await new Promise((r) => setTimeout(r, 1_000));
    const sent = await new SignalGate({ baseUrl: baseURL!, apiKey }).sms.send({ to: "+14155550123", body: "fan-out" });
    await expect
      .poll(() => streams.filter((s) => s.text().includes(sent.messageId)).length, { timeout: 30_000 })
      .toBe(500);
    const health = await fetch(new URL("/api/health", baseURL));
    expect(health.status).toBe(200);
  } finally {
    for (const s of streams) s.req.destroy();
  }
});
