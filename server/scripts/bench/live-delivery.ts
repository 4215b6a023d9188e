import os from "node:os";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { TestSmsc, type ReceivedSubmit } from "../../carriers/smpp/test-smsc";
import { intFromEnv, log } from "./args";
import { waitForBind } from "./contacts-inbound";
import { onCleanup, startBenchServer } from "./lifecycle";
import { percentile } from "./measure";
import { reportPartOnly } from "./part-report";
import { idSql } from "./retention-seed";
import { call, seedLiveSender } from "./seed";
import { bulkSlice, sendSlice } from "./observability";
import { median } from "./report";

// `--only live-delivery` (PostgreSQL; issue 41, contract §15): one production server with its SMPP
// client bound to a TestSmsc in this process (which answers every submit_sm at once and records its
// arrival time and text). Two measurements:
//   - pacing accuracy: BENCH_LIVE_SENDERS (10) senders at each of 1, 3, 10 and 100 mps, all at once,
//     each given BENCH_LIVE_SECONDS (300) s of messages: per sender, segments per second measured
//     over its run (target within ±5 % of mps) and the most in any one-second window (target
//     ≤ mps + 1);
//   - independence: a 100,000-segment backlog on one long code (written by SQL), then
//     BENCH_LIVE_PROBES (30) single sends from another number, one every 1.2 s: acceptance (the
//     202) to its submit_sm at the SMSC, p99 (target ≤ 1 s).
//   - cost, measured first: a second server with SENDER_PACING=off (the service before pacing: no
//     sender queue kept) beside the paced one, BENCH_LIVE_COST_ROUNDS (4) interleaved rounds of
//     single sends (8 loops for 5 s: p50) and 5 bulks of 1,000 (messages/s), both live through the
//     SMPP peer, from a short code paced at 1,000 mps; targets: on ÷ off p50 ≤ 1.10, bulk ≥ 0.90.
//     The unpaced server is stopped before the rest (it would take the paced senders' messages).
// Not measured yet (issue 41): the hand-off's CPU per message with 10,000 senders.

const RATES = [1, 3, 10, 100] as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SenderFigure {
  sender: string;
  mps: number;
  measured: number;
  busiestSecond: number;
}

function busiestSecond(times: readonly number[]): number {
  let most = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

async function bulk(baseUrl: string, apiKey: string, from: string, bodies: string[]): Promise<void> {
  for (let i = 0; i < bodies.length; i += 1000) {
    const res = (await call(
      baseUrl,
      "POST",
      "/api/v1/sms/bulk",
      {
        from,
        messages: bodies.slice(i, i + 1000).map((body) => ({ to: "+14155550100", body })),
      },
      apiKey,
    )) as { accepted: number; errors: unknown[] };
    if (res.accepted !== Math.min(1000, bodies.length - i)) {
      throw new Error(`live-delivery: bulk from ${from} refused items: ${JSON.stringify(res.errors.slice(0, 3))}`);
    }
  }
}

/** Pacing on ÷ off, side by side in interleaved rounds, each server with its own organization. */
async function measureCost(
  databaseUrl: string,
  smsc: TestSmsc,
  pacedUrl: string,
  paced: { organizationId: string; apiKey: string },
  client: pg.Client,
) {
  const rounds = intFromEnv("BENCH_LIVE_COST_ROUNDS", 4, 1);
  const unpacedServer = await startBenchServer(databaseUrl, {
    SMS_PROVIDER: "smpp",
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: smsc.systemId,
    SMPP_PASSWORD: smsc.password,
    SMPP_WINDOW_SIZE: "50",
    SENDER_PACING: "off",
  });
  try {
    await waitForBind(smsc, 30_000);
    const unpaced = await seedLiveSender(unpacedServer.baseUrl);
    const from = "55510";
    await client.query(`INSERT INTO sender_queues (organization_id, sender, mps) VALUES ($1, $2, 1000)`, [
      paced.organizationId,
      from,
    ]);
    const sides = { on: { url: pacedUrl, org: paced }, off: { url: unpacedServer.baseUrl, org: unpaced } };
    for (const side of Object.values(sides)) await sendSlice(side.url, side.org, 2, 8, from);
    const single: number[] = [];
    const bulkRatios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const);
      const got: Partial<Record<"on" | "off", { p50: number; bulk: number }>> = {};
      for (const name of order) {
        const side = sides[name];
        const s = await sendSlice(side.url, side.org, 5, 8, from);
        got[name] = { p50: s.p50, bulk: await bulkSlice(side.url, side.org, 5, from) };
      }
      single.push(got.on!.p50 / got.off!.p50);
      bulkRatios.push(got.on!.bulk / got.off!.bulk);
      log(
        `live-delivery cost round ${r + 1}/${rounds}: single p50 ${got.on!.p50.toFixed(2)}/${got.off!.p50.toFixed(2)} ms, ` +
          `bulk msg/s ${got.on!.bulk.toFixed(0)}/${got.off!.bulk.toFixed(0)}`,
      );
    }
    return { rounds, singleP50Ratio: median(single), bulkRatio: median(bulkRatios) };
  } finally {
    await unpacedServer.stop();
  }
}

export async function liveDeliveryOnly(databaseUrl: string): Promise<number> {
  const loadAtStart = os.loadavg();
  const perRate = intFromEnv("BENCH_LIVE_SENDERS", 10, 1);
  const seconds = intFromEnv("BENCH_LIVE_SECONDS", 300, 5);
  const probes = intFromEnv("BENCH_LIVE_PROBES", 30, 1);
  const smsc = await TestSmsc.start({ systemId: "sg-live-bench", password: randomBytes(4).toString("hex") });
  onCleanup(() => smsc.close());
  const server = await startBenchServer(databaseUrl, {
    SMS_PROVIDER: "smpp",
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: smsc.systemId,
    SMPP_PASSWORD: smsc.password,
    SMPP_WINDOW_SIZE: "50",
  });
  await waitForBind(smsc, 30_000);
  const sender = await seedLiveSender(server.baseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  onCleanup(() => client.end());
  const cost = await measureCost(databaseUrl, smsc, server.baseUrl, sender, client);

  // Pacing accuracy: every sender's pace set before its first message, then all of them at once.
  const senders = RATES.flatMap((mps) => Array.from({ length: perRate }, (_, i) => ({ label: `P${mps}x${i}`, mps })));
  await client.query(
    `INSERT INTO sender_queues (organization_id, sender, mps) SELECT $1, s, m FROM unnest($2::text[], $3::float8[]) AS t(s, m)`,
    [sender.organizationId, senders.map((s) => s.label), senders.map((s) => s.mps)],
  );
  log(`live-delivery: ${senders.length} senders at ${RATES.join(", ")} mps, ${seconds} s of messages each`);
  const started = Date.now();
  await Promise.all(
    senders.map((s) =>
      bulk(
        server.baseUrl,
        sender.apiKey,
        s.label,
        Array.from({ length: Math.ceil(s.mps * seconds) }, (_, i) => `acc ${s.label} ${i}`),
      ),
    ),
  );
  log(`live-delivery: accepted in ${((Date.now() - started) / 1000).toFixed(1)} s; waiting for the senders`);
  const total = senders.reduce((n, s) => n + Math.ceil(s.mps * seconds), 0);
  const deadline = started + seconds * 1000 * 1.5 + 30_000;
  while (smsc.submits.filter((r) => r.text?.startsWith("acc ")).length < total && Date.now() < deadline) {
    await sleep(1000);
  }
  const bySender = new Map<string, ReceivedSubmit[]>();
  for (const r of smsc.submits) {
    if (!r.text?.startsWith("acc ")) continue;
    const label = r.text.split(" ")[1]!;
    const list = bySender.get(label);
    if (list) list.push(r);
    else bySender.set(label, [r]);
  }
  const accuracy: SenderFigure[] = senders.map((s) => {
    const times = (bySender.get(s.label) ?? []).map((r) => r.at).sort((a, b) => a - b);
    // Segments per second from the first arrival to the last (n - 1 intervals).
    const span = times.length > 1 ? (times.at(-1)! - times[0]!) / 1000 : Infinity;
    return { sender: s.label, mps: s.mps, measured: (times.length - 1) / span, busiestSecond: busiestSecond(times) };
  });

  // Independence: a long code's backlog written directly (past its own queue bound, on purpose).
  const backlog = intFromEnv("BENCH_LIVE_BACKLOG", 100_000, 1);
  log(
    `live-delivery: a ${backlog.toLocaleString("en")}-segment backlog on +14155550999, then ${probes} probes from +14155550998`,
  );
  await client.query(
    `INSERT INTO sender_queues (organization_id, sender, mps, queued_segments) VALUES ($1, '+14155550999', 1, $2)`,
    [sender.organizationId, backlog],
  );
  // Ids begin with their time, as the service makes them (so they fall in the current partition).
  await client.query(
    `INSERT INTO messages (id, organization_id, environment, to_number, from_sender, body, segments, encoding, status,
                           created_at, next_attempt_at, updated_at, expires_at)
     SELECT ${idSql("msg", `${Date.now()}::bigint`, "g")}, $1, 'live', '+14155550100', '+14155550999', 'backlog ' || g,
            1, 'GSM-7', 'QUEUED', now(), now(), now(), now() + interval '10 hours'
     FROM generate_series(1, $2::int) g`,
    [sender.organizationId, backlog],
  );
  const latencies: number[] = [];
  for (let i = 0; i < probes; i++) {
    const body = `probe ${i}`;
    const sentAt = Date.now();
    await call(
      server.baseUrl,
      "POST",
      "/api/v1/sms/send",
      { to: "+14155550101", body, from: "+14155550998" },
      sender.apiKey,
    );
    const accepted = Date.now();
    const until = accepted + 10_000;
    let arrived: ReceivedSubmit | undefined;
    while (!(arrived = smsc.submits.findLast((r) => r.text === body)) && Date.now() < until) await sleep(5);
    latencies.push(arrived ? arrived.at - accepted : 10_000);
    await sleep(Math.max(0, 1200 - (Date.now() - sentAt)));
  }
  const sorted = Float64Array.from(latencies).sort();
  const figures = {
    accuracy: RATES.map((mps) => {
      const mine = accuracy.filter((a) => a.mps === mps);
      return {
        mps,
        senders: mine.length,
        minRatio: Math.min(...mine.map((a) => a.measured / mps)),
        maxRatio: Math.max(...mine.map((a) => a.measured / mps)),
        worstSecond: Math.max(...mine.map((a) => a.busiestSecond)),
      };
    }),
    independence: { probes, backlog, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) },
    cost,
    seconds,
  };
  reportPartOnly(
    "live-delivery",
    "live delivery",
    loadAtStart,
    () => {
      console.log("");
      console.log(`Pacing accuracy (${seconds} s per sender, all senders at once; SMSC arrival times):`);
      for (const a of figures.accuracy) {
        console.log(
          `  ${String(a.mps).padStart(3)} mps × ${a.senders}: measured ÷ mps ${a.minRatio.toFixed(3)} to ${a.maxRatio.toFixed(3)} ` +
            `(target 0.95 to 1.05), busiest second ${a.worstSecond} (target ≤ ${a.mps + 1})`,
        );
      }
      console.log(
        `Cost, live through the SMPP peer, pacing on ÷ off: single send p50 ${cost.singleP50Ratio.toFixed(3)} (target ≤ 1.10), ` +
          `bulk messages/s ${cost.bulkRatio.toFixed(3)} (target ≥ 0.90)`,
      );
      console.log(
        `Independence: ${probes} sends from another number behind a ${backlog.toLocaleString("en")}-segment backlog: ` +
          `acceptance → submit_sm p50 ${figures.independence.p50Ms.toFixed(0)} ms, p99 ${figures.independence.p99Ms.toFixed(0)} ms (target ≤ 1000)`,
      );
    },
    figures,
  );
  return 0;
}
