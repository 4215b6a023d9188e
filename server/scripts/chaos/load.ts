import { SANDBOX_NUMBERS } from "../../carriers/sandbox";
import type { SlotName } from "./supervisor";

// The chaos run's load: an open loop (each request leaves on schedule whether or not earlier ones
// have answered) at `rate` requests/s, alternating the two processes, in a fixed mix of six
// POST /sms/send, three POST /otp/send and one POST /sms/bulk in ten. Every request carries an
// Idempotency-Key; one that fails without an HTTP answer (the process was killed) is sent again
// once, with the same key, to the other process, as a client behind a load balancer would.
// Every request is recorded with its target, its start and end (Date.now()) and its outcome.

export type Kind = "send" | "bulk" | "otp";

export interface RequestRecord {
  kind: Kind;
  target: SlotName;
  start: number;
  end: number;
  /** The HTTP status, or undefined when no answer came (`error` says why). */
  status?: number;
  error?: string;
  /** The Retry-After header of a 429 or 503 (null: missing). */
  retryAfter?: string | null;
  /** Messages a 202 accepted. */
  messageIds: string[];
  /** This is the second try of a request that got no answer. */
  retry: boolean;
}

export interface LoadOptions {
  targets: Record<SlotName, string>;
  apiKey: string;
  rate: number;
  seconds: number;
  bulkSize: number;
  /** Makes idempotency keys unique to the run. */
  runId: string;
}

const MIX: Kind[] = ["send", "otp", "send", "bulk", "send", "otp", "send", "send", "otp", "send"];
const PATHS: Record<Kind, string> = { send: "/api/v1/sms/send", bulk: "/api/v1/sms/bulk", otp: "/api/v1/otp/send" };
const REQUEST_TIMEOUT_MS = 30_000;

/** Fictional but valid +1 415 555 numbers; OTP recipients rotate so none reaches 5 codes in 10 min. */
const number = (n: number) => `+1415555${String(n % 10_000).padStart(4, "0")}`;

function bodyOf(kind: Kind, i: number, bulkSize: number): unknown {
  if (kind === "send") return { to: number(i), body: `chaos send ${i}` };
  if (kind === "otp") return { to: number(5_000 + i), expiresIn: 3600 };
  // The sandbox's magic numbers give FAILED and UNDELIVERED messages (and their events) too.
  return {
    messages: Array.from({ length: bulkSize }, (_, j) => ({
      to: j === 0 ? SANDBOX_NUMBERS.failed : j === 1 ? SANDBOX_NUMBERS.undelivered : number(i * bulkSize + j),
      body: `chaos bulk ${i}.${j}`,
    })),
  };
}

function acceptedIds(kind: Kind, body: unknown): string[] {
  const b = body as { messageId?: string; messages?: { messageId?: string }[] };
  if (kind === "bulk") return (b.messages ?? []).flatMap((m) => (m.messageId ? [m.messageId] : []));
  return b.messageId ? [b.messageId] : [];
}

async function once(
  o: LoadOptions,
  kind: Kind,
  target: SlotName,
  payload: string,
  key: string,
  retry: boolean,
): Promise<RequestRecord> {
  const start = Date.now();
  try {
    const res = await fetch(`${o.targets[target]}${PATHS[kind]}`, {
      method: "POST",
      headers: { authorization: `Bearer ${o.apiKey}`, "content-type": "application/json", "idempotency-key": key },
      body: payload,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    const record: RequestRecord = { kind, target, start, end: Date.now(), status: res.status, messageIds: [], retry };
    if (res.status === 202) record.messageIds = acceptedIds(kind, JSON.parse(text));
    if (res.status === 429 || res.status === 503) record.retryAfter = res.headers.get("retry-after");
    if (res.status >= 500) record.error = text.slice(0, 300);
    return record;
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    const error = `${(err as Error).name}: ${(err as Error).message}${cause ? ` (${cause})` : ""}`;
    return { kind, target, start, end: Date.now(), error, messageIds: [], retry };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the load for `seconds`; resolves with every request once the last one has answered. */
export async function runLoad(o: LoadOptions, startedAt: number): Promise<RequestRecord[]> {
  const records: RequestRecord[] = [];
  const inFlight = new Set<Promise<void>>();
  const endAt = startedAt + o.seconds * 1000;
  for (let i = 0; ; i++) {
    const due = startedAt + (i * 1000) / o.rate;
    if (due >= endAt) break;
    await sleep(Math.max(0, due - Date.now()));
    const kind = MIX[i % MIX.length]!;
    const target: SlotName = i % 2 === 0 ? "A" : "B";
    const payload = JSON.stringify(bodyOf(kind, i, o.bulkSize));
    const key = `chaos-${o.runId}-${i}`;
    const p = (async () => {
      const first = await once(o, kind, target, payload, key, false);
      records.push(first);
      if (first.status === undefined) {
        records.push(await once(o, kind, target === "A" ? "B" : "A", payload, key, true));
      }
    })();
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }
  await Promise.all([...inFlight]);
  return records;
}
