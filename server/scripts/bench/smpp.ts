import { randomBytes } from "node:crypto";
import type { ReceivedSubmit, TestSmsc } from "../../carriers/smpp/test-smsc";
import { BatchCollector } from "./batch-rows";
import type { CpuMeter } from "./cpu";
import { median } from "./report";
import { BULK_SIZE } from "./sms";
import { SmppRows, type SentRows } from "./smpp-db";

// The SMPP part's two measurements (bench/smpp-run.ts starts the SMSC and the server): live
// messages per second through the server's SMPP client to a TestSmsc in this process that answers
// every submit_sm at once, and the time from a single send to its submit_sm on an idle server.
// Every message gets a unique body, so the SMSC's records tell which message each submit_sm
// carried, and whether any came twice.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Recipients as in the SMS routes (bench/sms.ts): +14155551000 … +14155551999. */
const recipient = (i: number) => `+1415555${String(1000 + (i % 1000))}`;

/** Reads the SMSC's submit_sm records in order of arrival, each once. */
export class SubmitReader {
  private cursor: number;

  constructor(private readonly smsc: TestSmsc) {
    this.cursor = smsc.submits.length;
  }

  /** The records that arrived since the last call. */
  next(): ReceivedSubmit[] {
    const fresh = this.smsc.submits.slice(this.cursor);
    this.cursor += fresh.length;
    return fresh;
  }
}

export interface SmppRun {
  baseUrl: string;
  apiKey: string;
  smsc: TestSmsc;
  rows: SmppRows;
  timeoutMs: number;
  log: (message: string) => void;
}

/**
 * How the submit_sm arrivals were spread: the pipeline hands off a batch per round (claim, submit
 * through the window, record the outcomes), so they come in groups (consecutive arrivals less than
 * ROUND_GAP_MS apart). Time inside the groups is the SMPP exchange; time between them is the
 * round's database work (and anything else the server did), when submit_sm go nowhere.
 */
export interface SubmitGroups {
  groups: number;
  medianSize: number;
  maxSize: number;
  /** First to last arrival of a group, and from a group's last arrival to the next one's first. */
  medianSpanMs: number;
  medianGapMs: number;
  /** Summed over the run: inside the groups, and between them. */
  inGroupsMs: number;
  betweenMs: number;
}

export const ROUND_GAP_MS = 10;

export function submitGroups(times: number[]): SubmitGroups {
  const sorted = [...times].sort((a, b) => a - b);
  const groups: { first: number; last: number; size: number }[] = [];
  for (const at of sorted) {
    const g = groups.at(-1);
    if (g && at - g.last < ROUND_GAP_MS) {
      g.last = at;
      g.size += 1;
    } else groups.push({ first: at, last: at, size: 1 });
  }
  const spans = groups.map((g) => g.last - g.first);
  const gaps = groups.slice(1).map((g, i) => g.first - groups[i]!.last);
  const sum = (values: number[]) => values.reduce((a, v) => a + v, 0);
  return {
    groups: groups.length,
    medianSize: median(groups.map((g) => g.size)),
    maxSize: Math.max(0, ...groups.map((g) => g.size)),
    medianSpanMs: median(spans),
    medianGapMs: median(gaps),
    inGroupsMs: sum(spans),
    betweenMs: sum(gaps),
  };
}

export interface ThroughputResult {
  messages: number;
  requests: number;
  connections: number;
  /** Unique bodies the SMSC received, submit_sm it received in all for them, and those answered ESME_ROK. */
  received: number;
  submits: number;
  answeredOk: number;
  /** Seconds from the first request (bench clock): all 202s in, first and last submit_sm received and answered. */
  acceptedSeconds: number;
  firstSubmitSeconds: number | null;
  lastSubmitSeconds: number | null;
  /** The judged figure: messages ÷ lastSubmitSeconds (null when not every message reached the SMSC). */
  perSecond: number | null;
  /** Seen SENT in the table by polling, and the last sent_at written by the server. */
  allSentSeconds: number | null;
  lastSentAtSeconds: number | null;
  /** The submit_sm arrivals grouped by hand-off round. */
  groups: SubmitGroups;
  rows: SentRows;
  /** SENT rows whose provider message id is one the SMSC answered for this run. */
  providerIdsMatched: number;
  requestMs: number[];
  serverCpuMsPerMessage: number | null;
  databaseCpuMsPerMessage: number | null;
  /** This process (the SMSC and the HTTP client). */
  benchCpuMsPerMessage: number;
  timedOut: boolean;
}

/** Bodies unique to this run (GSM-7, one segment): "<tag> <n>". */
export const runTag = (kind: string) => `SignalGate SMPP bench ${kind} ${randomBytes(4).toString("hex")}`;

/**
 * `messages` live messages over POST /sms/bulk (1,000 a request, `connections` at a time), then
 * waits until the SMSC has received (and, answering at once, answered) a submit_sm for each, and
 * until the table shows every one SENT. Times count from the first request.
 */
export async function runThroughput(
  run: SmppRun,
  messages: number,
  connections: number,
  meter: CpuMeter,
): Promise<ThroughputResult> {
  const { baseUrl, apiKey, smsc, rows, log } = run;
  const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
  const tag = runTag("bulk");
  const bodies: string[] = [];
  for (let offset = 0; offset < messages; offset += BULK_SIZE) {
    const size = Math.min(BULK_SIZE, messages - offset);
    bodies.push(
      JSON.stringify({
        messages: Array.from({ length: size }, (_, i) => ({ to: recipient(offset + i), body: `${tag} ${offset + i}` })),
      }),
    );
  }
  const reader = new SubmitReader(smsc);
  const collected = new BatchCollector();
  const requestMs: number[] = [];
  let next = 0;
  const stopCpu = meter.start();
  const benchCpu = process.cpuUsage();

  const t0 = Date.now();
  const since = (ms: number) => (ms - t0) / 1000;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/v1/sms/bulk`, { method: "POST", headers, body });
      const text = await res.text();
      requestMs.push(performance.now() - started);
      if (res.status !== 202)
        throw new Error(`smpp: POST /api/v1/sms/bulk answered ${res.status}: ${text.slice(0, 300)}`);
      const json = JSON.parse(text) as {
        batchId: string;
        accepted: number;
        rejected: number;
        messages: { messageId: string }[];
      };
      if (json.rejected !== 0) throw new Error(`smpp: POST /api/v1/sms/bulk rejected ${json.rejected} messages`);
      collected.add(json);
    }
  };
  await Promise.all(Array.from({ length: Math.min(connections, bodies.length) }, worker));
  const acceptedSeconds = since(Date.now());
  log(`smpp: ${messages} messages accepted in ${acceptedSeconds.toFixed(2)} s; waiting for the SMSC`);

  // The SMSC answers each submit_sm in the handler that records it, so `at` is also its answer time.
  const mine = new Map<string, ReceivedSubmit[]>();
  let submits = 0;
  let first: number | null = null;
  let last: number | null = null;
  let lastLogged = 0;
  const collect = () => {
    for (const s of reader.next()) {
      if (!s.text.startsWith(`${tag} `)) continue;
      submits += 1;
      mine.set(s.text, [...(mine.get(s.text) ?? []), s]);
      first ??= s.at;
      last = Math.max(last ?? s.at, s.at);
    }
  };
  const deadline = t0 + run.timeoutMs;
  for (collect(); mine.size < messages && Date.now() < deadline; collect()) {
    if (since(Date.now()) - lastLogged >= 5) {
      lastLogged = since(Date.now());
      log(`smpp: ${lastLogged.toFixed(1)} s: the SMSC has ${mine.size} of ${messages}`);
    }
    await sleep(10);
  }
  const reachedSmsc = mine.size >= messages;
  const batchRows = collected.rows();

  let allSentSeconds: number | null = null;
  while (Date.now() < deadline) {
    if ((await rows.sentCount(batchRows)) >= messages) {
      allSentSeconds = since(Date.now());
      break;
    }
    await sleep(50);
  }
  const cpu = stopCpu();
  const benchUsage = process.cpuUsage(benchCpu);
  // Anything doubled would come later (a retry after a back-off): look once more before counting.
  await sleep(1_000);
  collect();

  const summary = await rows.summary(batchRows);
  const answered = new Set<string>();
  let answeredOk = 0;
  for (const list of mine.values()) {
    for (const s of list) {
      if (s.answeredStatus === 0) answeredOk += 1;
      if (s.messageId) answered.add(s.messageId);
    }
  }
  const stored = await rows.providerIds(batchRows);
  const perMessage = (ms: number | null) => (ms === null ? null : ms / messages);
  return {
    messages,
    requests: bodies.length,
    connections,
    received: mine.size,
    submits,
    answeredOk,
    acceptedSeconds,
    firstSubmitSeconds: first === null ? null : since(first),
    lastSubmitSeconds: last === null ? null : since(last),
    perSecond: reachedSmsc && last !== null ? messages / since(last) : null,
    allSentSeconds,
    lastSentAtSeconds: summary.lastSentMs === null ? null : since(summary.lastSentMs),
    groups: submitGroups([...mine.values()].flatMap((list) => list.map((x) => x.at))),
    rows: summary,
    providerIdsMatched: stored.filter((id) => answered.has(id)).length,
    requestMs,
    serverCpuMsPerMessage: perMessage(cpu.serverMs),
    databaseCpuMsPerMessage: perMessage(cpu.databaseMs),
    benchCpuMsPerMessage: (benchUsage.user + benchUsage.system) / 1000 / messages,
    timedOut: !reachedSmsc || allSentSeconds === null,
  };
}

export interface LatencyResult {
  messages: number;
  gapMs: number;
  /** Messages whose submit_sm never came (within the timeout), and submit_sm beyond one per message. */
  missing: number;
  extraSubmits: number;
  /** submit_sm received − request sent: accept → submit_sm, the request's own handling included. */
  fromRequest: number[];
  /** submit_sm received − 202 received (negative when the submit_sm came first). */
  fromResponse: number[];
  /** The 202's round trip. */
  requestMs: number[];
  rows: SentRows;
}

/**
 * `messages` single POST /sms/send, one at a time: each waits for its submit_sm at the SMSC, then
 * `gapMs`, so the server is idle when the next arrives. All times are this process's clock (ms).
 */
export async function runLatency(run: SmppRun, messages: number, gapMs: number): Promise<LatencyResult> {
  const { baseUrl, apiKey, smsc, rows } = run;
  const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
  const tag = runTag("single");
  const reader = new SubmitReader(smsc);
  const arrived = new Map<string, ReceivedSubmit[]>();
  const collect = () => {
    for (const s of reader.next()) {
      if (s.text.startsWith(`${tag} `)) arrived.set(s.text, [...(arrived.get(s.text) ?? []), s]);
    }
  };
  const result: LatencyResult = {
    messages,
    gapMs,
    missing: 0,
    extraSubmits: 0,
    fromRequest: [],
    fromResponse: [],
    requestMs: [],
    rows: {
      total: 0,
      sent: 0,
      others: {},
      smpp: 0,
      distinctProviderIds: 0,
      lastSentMs: null,
      sentP50Ms: null,
      sentP99Ms: null,
    },
  };
  const messageIds: string[] = [];
  for (let i = 0; i < messages; i++) {
    const body = `${tag} ${i}`;
    const sentAt = Date.now();
    const res = await fetch(`${baseUrl}/api/v1/sms/send`, {
      method: "POST",
      headers,
      body: JSON.stringify({ to: recipient(i), body }),
    });
    const text = await res.text();
    const answeredAt = Date.now();
    if (res.status !== 202)
      throw new Error(`smpp: POST /api/v1/sms/send answered ${res.status}: ${text.slice(0, 300)}`);
    messageIds.push((JSON.parse(text) as { messageId: string }).messageId);
    result.requestMs.push(answeredAt - sentAt);
    const deadline = Date.now() + run.timeoutMs;
    for (collect(); !arrived.has(body) && Date.now() < deadline; collect()) await sleep(1);
    const submit = arrived.get(body)?.[0];
    if (!submit) {
      result.missing += 1;
      continue;
    }
    result.fromRequest.push(submit.at - sentAt);
    result.fromResponse.push(submit.at - answeredAt);
    await sleep(gapMs);
  }
  // Anything doubled would come later (a retry after a back-off): look once more before counting.
  await sleep(1_000);
  collect();
  for (const list of arrived.values()) result.extraSubmits += list.length - 1;
  result.rows = await rows.summary({ messageIds });
  return result;
}
