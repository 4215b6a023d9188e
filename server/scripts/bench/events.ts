import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import pg from "pg";
import { newId } from "../../ids";
import { MAX_STREAMS_PER_CREDENTIAL } from "../../events/stream-guard";
import { intFromEnv, log } from "./args";
import { onCleanup, reportServerOutput, startBenchServer } from "./lifecycle";
import { describeSlice, percentile, runLoad, type Slice, type Target } from "./measure";
import { reportPartOnly } from "./part-report";
import { describeGoal, goal, median, type GoalCheck } from "./report";
import { call, field, organizationIdOf } from "./seed";

// `--only events` (PostgreSQL; issue 31's figures), through the production server:
//   - commit → arrival: outbox events are inserted straight into the database at BENCH_EVENTS_RATE
//     a second (one transaction each, spread over a pool), and a stream client of the organization
//     notes when each frame arrives; latency = arrival − the moment the INSERT's commit returned,
//     both on this process's clock. Targets p50 ≤ 100 ms and p99 ≤ 500 ms at 1,000 events/s.
//   - single-send p50 with BENCH_EVENTS_IDLE idle streams open (another organization's, which gets
//     no events) ÷ with none, interleaved slices, median of the per-round ratios: ≤ 1.10.
//   - server memory (VmRSS) with BENCH_EVENTS_STREAMS open streams minus with none: ≤ 100 MB.

interface Settings {
  rate: number;
  seconds: number;
  idleStreams: number;
  memoryStreams: number;
  rounds: number;
  sliceSeconds: number;
  sendConnections: number;
}

function readSettings(): Settings {
  return {
    rate: intFromEnv("BENCH_EVENTS_RATE", 1000, 1),
    seconds: intFromEnv("BENCH_EVENTS_SECONDS", 10, 1),
    idleStreams: intFromEnv("BENCH_EVENTS_IDLE", 500, 1),
    memoryStreams: intFromEnv("BENCH_EVENTS_STREAMS", 1000, 1),
    rounds: intFromEnv("BENCH_EVENTS_ROUNDS", 6, 1),
    sliceSeconds: intFromEnv("BENCH_EVENTS_SLICE", 2, 1),
    sendConnections: intFromEnv("BENCH_EVENTS_SEND_CONNECTIONS", 10, 1),
  };
}

/** An organization with enough API keys for `streams` streams (one key holds at most 20 open). */
async function seedOrganization(baseUrl: string, name: string, streams = 1) {
  const email = `bench-events-${randomBytes(6).toString("hex")}@example.test`;
  const password = `bench-${randomBytes(12).toString("hex")}`;
  const organizationId = organizationIdOf(
    await call(baseUrl, "POST", "/api/v1/auth/register", { email, password, organizationName: name }),
  );
  const accessToken = field(await call(baseUrl, "POST", "/api/v1/auth/token", { email, password }), "accessToken");
  const apiKeys: string[] = [];
  for (let i = 0; i < Math.ceil(streams / MAX_STREAMS_PER_CREDENTIAL); i++) {
    apiKeys.push(
      field(await call(baseUrl, "POST", "/api/v1/developer/api-keys", { name: "bench-events" }, accessToken), "rawKey"),
    );
  }
  await call(baseUrl, "PATCH", "/api/v1/developer/rate-limits", { enabled: false }, accessToken);
  return { organizationId, apiKeys };
}

interface OpenStream {
  close(): void;
}

/**
 * Opens `n` streams, 20 per key (the cap), and resolves once every one has its first bytes;
 * `onFrame` sees each event id.
 */
async function openStreams(
  baseUrl: string,
  apiKeys: string[],
  n: number,
  onFrame?: (id: string, at: number) => void,
): Promise<OpenStream[]> {
  const url = new URL("/api/v1/developer/events/stream", baseUrl);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: OpenStream[] = [];
  const batch = 100;
  for (let i = 0; i < n; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, n - i) }, (_, j) => {
        const apiKey = apiKeys[Math.floor((i + j) / MAX_STREAMS_PER_CREDENTIAL)];
        return new Promise<void>((resolve, reject) => {
          const req = http.get(url, { agent, headers: { authorization: `Bearer ${apiKey}` } }, (res) => {
            if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
            let buffer = "";
            res.on("data", (chunk: Buffer) => {
              const at = performance.now();
              resolve();
              if (!onFrame) return;
              buffer += chunk.toString();
              let end: number;
              while ((end = buffer.indexOf("\n\n")) >= 0) {
                const frame = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                const id = /^id: (.*)$/m.exec(frame)?.[1];
                if (id) onFrame(id, at);
              }
            });
            res.on("error", () => {});
          });
          req.on("error", reject);
          streams.push({ close: () => req.destroy() });
        });
      }),
    );
  }
  // Answered means subscribed a moment later.
  await new Promise((r) => setTimeout(r, 500));
  return streams;
}

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return kb / 1024;
}

/** Commit → arrival at `rate` events a second for `seconds`. */
async function latency(db: pg.Pool, baseUrl: string, s: Settings) {
  const org = await seedOrganization(baseUrl, "Benchmark events");
  const committed = new Map<string, number>();
  const arrived = new Map<string, number>();
  const streams = await openStreams(baseUrl, org.apiKeys, 1, (id, at) => arrived.set(id, at));
  const total = s.rate * s.seconds;
  const payload = JSON.stringify({ messageId: "msg_bench", status: "DELIVERED", to: "+14155550123" });
  const insert = async () => {
    const id = newId("evt");
    await db.query(
      `INSERT INTO outbox_events (id, organization_id, type, payload, dispatched_at) VALUES ($1, $2, 'message.delivered', $3, now())`,
      [id, org.organizationId, payload],
    );
    committed.set(id, performance.now());
  };
  // Every millisecond tick issues what the schedule says is due, so the rate holds on average.
  const started = performance.now();
  let issued = 0;
  const inFlight = new Set<Promise<void>>();
  while (issued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * s.rate));
    while (issued < due) {
      const p = insert().finally(() => inFlight.delete(p));
      inFlight.add(p);
      issued++;
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(inFlight);
  const achieved = total / ((performance.now() - started) / 1000);
  const deadline = Date.now() + 30_000;
  while (arrived.size < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const st of streams) st.close();
  const lat = Float64Array.from([...committed].map(([id, t]) => (arrived.get(id) ?? Infinity) - t)).sort();
  return {
    events: total,
    achievedPerSecond: Math.round(achieved),
    arrived: arrived.size,
    p50Ms: percentile(lat, 50),
    p99Ms: percentile(lat, 99),
    maxMs: lat[lat.length - 1] ?? Number.NaN,
  };
}

/** Single-send p50 with idle streams open ÷ without, in interleaved slices. */
async function idleCost(baseUrl: string, s: Settings) {
  const sender = await seedOrganization(baseUrl, "Benchmark events sender");
  const [senderKey] = sender.apiKeys;
  const idle = await seedOrganization(baseUrl, "Benchmark events idle", s.idleStreams);
  const send: Target = {
    name: "send",
    method: "POST",
    path: "/api/v1/sms/send",
    headers: { authorization: `Bearer ${senderKey}`, "content-type": "application/json" },
    body: JSON.stringify({ to: "+14155550123", body: "Your code is 123456" }),
  };
  const slice = async (mode: "without" | "with", label: string): Promise<Slice> => {
    const streams = mode === "with" ? await openStreams(baseUrl, idle.apiKeys, s.idleStreams) : [];
    const { slice } = await runLoad(baseUrl, send, { connections: s.sendConnections, durationSeconds: s.sliceSeconds });
    for (const st of streams) st.close();
    log(`events ${label} send ${mode.padEnd(7)} ${describeSlice(slice)}`);
    await new Promise((r) => setTimeout(r, 1_000));
    return slice;
  };
  await slice("without", "warm-up");
  await slice("with", "warm-up");
  const rounds: { without: Slice; with: Slice }[] = [];
  for (let r = 0; r < s.rounds; r++) {
    const order = r % 2 === 0 ? (["without", "with"] as const) : (["with", "without"] as const);
    const round = {} as { without: Slice; with: Slice };
    for (const mode of order) round[mode] = await slice(mode, `${r + 1}/${s.rounds}`);
    rounds.push(round);
  }
  return rounds;
}

async function memory(baseUrl: string, pid: number, s: Settings) {
  const org = await seedOrganization(baseUrl, "Benchmark events memory", s.memoryStreams);
  // Warm the route and the reader once, so the first stream's one-off costs are in the baseline.
  for (const st of await openStreams(baseUrl, org.apiKeys, 10)) st.close();
  await new Promise((r) => setTimeout(r, 2_000));
  const before = rssMb(pid);
  const streams = await openStreams(baseUrl, org.apiKeys, s.memoryStreams);
  await new Promise((r) => setTimeout(r, 3_000));
  const withStreams = rssMb(pid);
  for (const st of streams) st.close();
  return { streams: s.memoryStreams, beforeMb: before, withMb: withStreams, deltaMb: withStreams - before };
}

export async function benchEvents(databaseUrl: string) {
  const s = readSettings();
  const server = await startBenchServer(databaseUrl);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 16 });
  onCleanup(() => db.end());
  log(`events: commit → arrival, ${s.rate} events/s for ${s.seconds} s`);
  const lat = await latency(db, server.baseUrl, s);
  log(`events: ${JSON.stringify(lat)}`);
  log(`events: memory with ${s.memoryStreams} streams`);
  const mem = await memory(server.baseUrl, server.pid, s);
  log(`events: ${JSON.stringify(mem)}`);
  log(`events: single-send p50 with ${s.idleStreams} idle streams ÷ without`);
  const rounds = await idleCost(server.baseUrl, s);
  return { settings: s, latency: lat, memory: mem, rounds, checks: checks(s, lat, mem, rounds), server };
}

function checks(
  s: Settings,
  lat: Awaited<ReturnType<typeof latency>>,
  mem: Awaited<ReturnType<typeof memory>>,
  rounds: { without: Slice; with: Slice }[],
): GoalCheck[] {
  const complete = lat.arrived === lat.events;
  const at = `${lat.events} events at ${lat.achievedPerSecond}/s achieved (${s.rate}/s asked), ${lat.arrived} arrived`;
  const valid = (x: Slice) => x.requests > 0 && x.errors + x.timeouts + x.non2xx === 0;
  const ratios = rounds.map((r) => r.with.p50Ms / r.without.p50Ms);
  const ok = rounds.every((r) => valid(r.with) && valid(r.without));
  return [
    goal("events: commit → arrival p50", complete ? lat.p50Ms : null, "≤", 100, " ms", at),
    goal(
      "events: commit → arrival p99",
      complete ? lat.p99Ms : null,
      "≤",
      500,
      " ms",
      `${at}; max ${lat.maxMs.toFixed(1)} ms`,
    ),
    goal(
      `events: single-send p50 with ${s.idleStreams} idle streams ÷ without`,
      ok ? median(ratios) : null,
      "≤",
      1.1,
      "",
      `median of ${rounds.length} rounds (${ratios.map((x) => x.toFixed(3)).join(", ")}); p50 ` +
        `${median(rounds.map((r) => r.with.p50Ms)).toFixed(2)} against ${median(rounds.map((r) => r.without.p50Ms)).toFixed(2)} ms ` +
        `at ${s.sendConnections} connections, ${s.sliceSeconds} s slices`,
    ),
    goal(
      `events: server memory with ${mem.streams} streams − with none`,
      mem.deltaMb,
      "≤",
      100,
      " MB",
      `VmRSS ${mem.beforeMb.toFixed(1)} → ${mem.withMb.toFixed(1)} MB`,
    ),
  ];
}

/** `--only events`: its own server; reported beside latest.json. */
export async function eventsOnly(databaseUrl: string): Promise<number> {
  const loadAtStart = os.loadavg();
  const f = await benchEvents(databaseUrl);
  const { server, ...figures } = f;
  reportPartOnly(
    "events",
    "events",
    loadAtStart,
    () => {
      console.log("");
      console.log("Events: the stream (server/events) through the production server:");
      for (const c of f.checks) console.log(`  ${describeGoal(c)}`);
    },
    figures,
  );
  reportServerOutput(server);
  return 0;
}
