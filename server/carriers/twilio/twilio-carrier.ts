import { inMessageSpan } from "../../tracing/spans";
import { ConnectionPace, type ConnectionPaceOptions } from "../connection-pace";
import type { Carrier, CarrierState, OutboundMessage, SubmitResult } from "../types";
import { MESSAGE_ID_PARAM } from "./status-callback";

/**
 * A Twilio Programmable Messaging carrier (or any API speaking the same shape): each message is a
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with a form body, authenticated with HTTP
 * basic auth (account SID : auth token). Delivery receipts come back later as signed status
 * callbacks (status-callback.ts). Standard library only (fetch, AbortSignal).
 *
 * Outcomes per message, never a throw for one message:
 * - 200/201 with a `sid` → accepted (Twilio's initial status queued/accepted/sending/sent all
 *   mean it took the message); `providerMessageId` is the sid.
 * - 400 with Twilio code 21211 (invalid To) or 21614 (not a mobile number) → rejected
 *   `invalid_number`; any other 4xx → rejected `carrier_rejected`; the message keeps Twilio's code.
 * - 401, 403 with code 20003, 404, 3xx → a configuration error (wrong credentials, account SID or
 *   base URL): answered `retry`, never `rejected`, because the message itself is fine and failing
 *   every message for good over a credentials typo would lose them all. The pipeline keeps them
 *   queued and fails them as `carrier_unavailable` only after its own attempt limit. The first such
 *   answer stops the rest of the batch from being sent (the same request would fail the same way).
 * - 429, 5xx, network errors and time-outs → retried inside this submit with exponential backoff
 *   (honouring Retry-After) up to `maxRetries`, then answered `retry` so the pipeline re-queues it.
 *   A 429 is a throttle (contract §15): it slows the connection's pace (connection-pace.ts, whose
 *   ceiling is TWILIO_MAX_MPS; every HTTP request waits for its turn there), holds it for the
 *   Retry-After, and a message it leaves unsent is answered `throttled` with that Retry-After as
 *   `retryAfterMs` (default 1 s): the pipeline tries it again without counting the attempt.
 *
 * Delivery semantics: AT-LEAST-ONCE. A time-out or a dropped connection after the request was
 * written is ambiguous: Twilio may have created the message and we never saw the answer. We retry
 * anyway (a lost OTP is worse than a duplicate), so such a message can be sent twice. Twilio's
 * Messages API has no idempotency key, so nothing on the wire can prevent that against Twilio
 * itself. Two mitigations:
 * - the StatusCallback URL carries our message id (`sg_message_id`, signed along with the URL),
 *   so a callback for a duplicate send still names our message and is detectable/harmless;
 * - `idempotencyHeader`: for a Twilio-compatible peer (or proxy) that documents an idempotency
 *   header, name it here and every attempt of a message carries our message id in it. Off by
 *   default because Twilio ignores it.
 */

export const TWILIO_PROVIDER = "twilio";

/** retryAfterMs of a throttled message when the 429 names no Retry-After. */
const THROTTLE_RETRY_MS = 1_000;

/** Connection errors that mean the request never reached the peer (safe to fail over). */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/** Twilio error codes that mean the destination itself is not a number we can text. */
export const TWILIO_INVALID_NUMBER_CODES: ReadonlySet<number> = new Set([21211, 21614]);

export interface TwilioCarrierOptions {
  accountSid: string;
  authToken: string;
  /** Default "https://api.twilio.com". */
  baseUrl?: string;
  /** Full public URL of our status-callback route (from PUBLIC_BASE_URL). */
  statusCallbackUrl: string;
  /** Requests in flight at once within one submit. Default 16. */
  concurrency?: number;
  /** Per request, including reading the answer. Default 15 000 ms. */
  timeoutMs?: number;
  /** Extra attempts for one message within one submit after a retryable failure. Default 2. */
  maxRetries?: number;
  /** First backoff wait; doubles each retry. Default 500 ms. */
  backoffBaseMs?: number;
  /**
   * Longest wait inside submit before a retry. A longer Retry-After is not waited for: the message
   * is answered `retry` at once with that delay, and the pipeline schedules it. Default 5 000 ms.
   */
  maxBackoffMs?: number;
  /**
   * No new request starts once this long has passed since submit began (remaining messages are
   * answered `retry`), so a slow or hanging provider cannot hold the batch past the pipeline's
   * claim lease (60 s). A submit lasts at most about budget + timeoutMs. Default 30 000 ms.
   */
  submitBudgetMs?: number;
  /** Header carrying our message id as an idempotency key, for peers that support one. Off by default. */
  idempotencyHeader?: string;
  /** Injectable for tests; the global fetch by default. */
  fetch?: typeof fetch;
  /** The connection's pace: `ceiling` is TWILIO_MAX_MPS (requests per second; unset: none). */
  pace?: ConnectionPaceOptions;
  /** Longest a request waits for the pace before its message is answered "throttled" (default 10 s). */
  paceMaxWaitMs?: number;
}

/** What one HTTP attempt came to. */
type Attempt =
  | { kind: "final"; result: SubmitResult }
  | { kind: "again"; errorMessage: string; retryAfterMs?: number; maybeTaken?: boolean; throttled?: boolean }
  | { kind: "config"; errorMessage: string }
  /** Not sent: its turn at the connection's pace did not come in time. */
  | { kind: "paced"; errorMessage: string; retryAfterMs: number };

interface SubmitContext {
  deadline: number;
  /** Set by the first configuration error; later messages are not sent. */
  configError?: string;
}

export class TwilioCarrier implements Carrier {
  readonly name = TWILIO_PROVIDER;
  /** Every request waits for its turn here; a 429 slows it. */
  readonly pace: ConnectionPace;

  private readonly authorization: string;
  private readonly messagesUrl: string;
  private readonly statusCallbackUrl: URL;
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoffBaseMs: number;
  private readonly maxBackoffMs: number;
  private readonly submitBudgetMs: number;
  private readonly idempotencyHeader: string | undefined;
  private readonly fetch: typeof fetch;
  private readonly paceMaxWaitMs: number;
  private health: CarrierState = { provider: TWILIO_PROVIDER, status: "ready", lastError: null, since: new Date() };

  constructor(options: TwilioCarrierOptions) {
    if (!options.accountSid || !options.authToken)
      throw new Error("TwilioCarrier needs an accountSid and an authToken.");
    this.authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`, "utf8").toString("base64")}`;
    const base = (options.baseUrl ?? "https://api.twilio.com").replace(/\/+$/, "");
    this.messagesUrl = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
    this.statusCallbackUrl = new URL(options.statusCallbackUrl); // throws on a relative or malformed URL
    this.concurrency = positiveInt(options.concurrency ?? 16, "concurrency");
    this.timeoutMs = positiveInt(options.timeoutMs ?? 15_000, "timeoutMs");
    this.maxRetries = nonNegativeInt(options.maxRetries ?? 2, "maxRetries");
    this.backoffBaseMs = nonNegativeInt(options.backoffBaseMs ?? 500, "backoffBaseMs");
    this.maxBackoffMs = nonNegativeInt(options.maxBackoffMs ?? 5_000, "maxBackoffMs");
    this.submitBudgetMs = positiveInt(options.submitBudgetMs ?? 30_000, "submitBudgetMs");
    this.idempotencyHeader = options.idempotencyHeader || undefined;
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.pace = new ConnectionPace(options.pace);
    this.paceMaxWaitMs = nonNegativeInt(options.paceMaxWaitMs ?? 10_000, "paceMaxWaitMs");
  }

  async submit(messages: readonly OutboundMessage[]): Promise<SubmitResult[]> {
    const ctx: SubmitContext = { deadline: Date.now() + this.submitBudgetMs };
    const results: SubmitResult[] = new Array<SubmitResult>(messages.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < messages.length) {
        const index = next++;
        const message = messages[index]!;
        try {
          results[index] = await inMessageSpan(
            message.id,
            "twilio create message",
            { "messaging.system": "twilio" },
            () => this.deliver(message, ctx),
          );
        } catch (err) {
          // deliver() does not throw; this keeps the "never throws for one message" promise anyway.
          results[index] = retry(message.id, `Unexpected error: ${(err as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, messages.length) }, worker));
    return results;
  }

  /** ready until a submit goes wrong; failing (with the error) until one succeeds again. */
  describe(): CarrierState[] {
    return [{ ...this.health }];
  }

  private note(ok: boolean, error?: string): void {
    const status = ok ? "ready" : "failing";
    if (status !== this.health.status) this.health = { ...this.health, status, since: new Date() };
    if (!ok) this.health.lastError = error ?? null;
  }

  /** The callback URL for one message: ours, with our message id in the query. */
  statusCallbackFor(messageId: string): string {
    const url = new URL(this.statusCallbackUrl);
    url.searchParams.set(MESSAGE_ID_PARAM, messageId);
    return url.toString();
  }

  /** One message: the first attempt and up to maxRetries more. */
  private async deliver(message: OutboundMessage, ctx: SubmitContext): Promise<SubmitResult> {
    // Once any attempt may have reached Twilio, every later "retry" answer says so too.
    let maybeTaken = false;
    for (let attempt = 0; ; attempt++) {
      if (ctx.configError) return retry(message.id, ctx.configError, undefined, maybeTaken);
      if (Date.now() >= ctx.deadline) {
        return retry(message.id, "Not sent: the carrier's time budget for this batch ran out.", undefined, maybeTaken);
      }
      const outcome = await this.attempt(message, ctx);
      if (outcome.kind === "final") {
        this.note(true);
        return outcome.result;
      }
      if (outcome.kind === "paced") {
        return retry(message.id, outcome.errorMessage, outcome.retryAfterMs, maybeTaken, true);
      }
      this.note(false, outcome.errorMessage);
      if (outcome.kind === "config") {
        ctx.configError ??= outcome.errorMessage;
        return retry(message.id, outcome.errorMessage, undefined, maybeTaken);
      }
      maybeTaken ||= outcome.maybeTaken === true;
      // A throttled message always says when to try again (the pipeline's own back-off is for failures).
      const retryAfterMs = outcome.throttled ? (outcome.retryAfterMs ?? THROTTLE_RETRY_MS) : outcome.retryAfterMs;
      const answer = retry(message.id, outcome.errorMessage, retryAfterMs, maybeTaken, outcome.throttled);
      if (attempt >= this.maxRetries) return answer;
      // A Retry-After longer than we are willing to wait here goes back to the pipeline as is.
      if (outcome.retryAfterMs !== undefined && outcome.retryAfterMs > this.maxBackoffMs) return answer;
      const wait = Math.min(Math.max(outcome.retryAfterMs ?? 0, this.backoffBaseMs * 2 ** attempt), this.maxBackoffMs);
      if (Date.now() + wait >= ctx.deadline) return answer;
      await sleep(wait);
    }
  }

  private async attempt(message: OutboundMessage, ctx: SubmitContext): Promise<Attempt> {
    // Its turn at the connection's pace, without waiting past the batch's time budget.
    if (!(await this.pace.take(Math.min(this.paceMaxWaitMs, Math.max(0, ctx.deadline - Date.now()))))) {
      const pace = this.pace.currentMps();
      return {
        kind: "paced",
        errorMessage: `Not sent: the Twilio connection is paced (${pace === null ? "held" : `${pace.toFixed(1)}/s`}) and its turn did not come in time.`,
        retryAfterMs: Math.max(THROTTLE_RETRY_MS, Math.ceil(this.pace.expectedWaitMs())),
      };
    }
    const form = new URLSearchParams({
      To: message.to,
      From: message.from,
      Body: message.body,
      StatusCallback: this.statusCallbackFor(message.id),
    });
    const headers: Record<string, string> = {
      Authorization: this.authorization,
      "Content-Type": "application/x-www-form-urlencoded; charset=utf-8",
      Accept: "application/json",
    };
    if (this.idempotencyHeader) headers[this.idempotencyHeader] = message.id;

    let status: number;
    let retryAfterHeader: string | null;
    let text: string;
    try {
      const response = await this.fetch(this.messagesUrl, {
        method: "POST",
        headers,
        body: form.toString(),
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      retryAfterHeader = response.headers.get("retry-after");
      text = await response.text(); // still under the time-out signal
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      if (e.name === "TimeoutError" || e.name === "AbortError") {
        // Ambiguous: the request may have been taken. Retried anyway (at-least-once, see above).
        return {
          kind: "again",
          errorMessage: `Twilio did not answer within ${this.timeoutMs} ms (it may have taken the message).`,
          maybeTaken: true,
        };
      }
      const cause = e.cause?.code ?? e.cause?.message;
      return {
        kind: "again",
        errorMessage: `Could not reach Twilio: ${e.message}${cause ? ` (${cause})` : ""}.`,
        // Refused or unresolvable: nothing was sent. Anything else (a reset mid-request) may have been.
        maybeTaken: !(e.cause?.code !== undefined && NOT_SENT_CODES.has(e.cause.code)),
      };
    }

    const body = parseJson(text);
    const code = typeof body.code === "number" || typeof body.code === "string" ? String(body.code) : undefined;
    const detail = typeof body.message === "string" && body.message ? body.message : text.slice(0, 200) || "no details";
    const described = `Twilio ${code ?? `HTTP ${status}`}: ${detail}`;

    if (status === 200 || status === 201) {
      const sid = typeof body.sid === "string" ? body.sid : "";
      if (!sid) {
        // Probably taken, but we cannot track it without a sid: retried (at-least-once).
        return {
          kind: "again",
          errorMessage: `Twilio answered HTTP ${status} without a message sid.`,
          maybeTaken: true,
        };
      }
      const initial = typeof body.status === "string" ? body.status : "";
      if (initial === "failed" || initial === "undelivered") {
        const errorCode = body.error_code != null ? String(body.error_code) : undefined;
        const errorMessage = typeof body.error_message === "string" ? body.error_message : `the message is ${initial}`;
        return {
          kind: "final",
          result: rejected(message.id, "carrier_rejected", `Twilio ${errorCode ?? initial}: ${errorMessage}`),
        };
      }
      return { kind: "final", result: { messageId: message.id, outcome: "accepted", providerMessageId: sid } };
    }
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(retryAfterHeader);
      this.pace.throttled(retryAfterMs);
      return { kind: "again", errorMessage: described, retryAfterMs, throttled: true };
    }
    if (status >= 500) {
      return { kind: "again", errorMessage: described, retryAfterMs: parseRetryAfter(retryAfterHeader) };
    }
    if (status === 401 || (status === 403 && code === "20003") || status === 404 || (status >= 300 && status < 400)) {
      return {
        kind: "config",
        errorMessage: `Twilio refused our request (HTTP ${status}); check the account SID, auth token and base URL. ${described}`,
      };
    }
    if (status >= 400 && status < 500) {
      if (code && TWILIO_INVALID_NUMBER_CODES.has(Number(code))) {
        return { kind: "final", result: rejected(message.id, "invalid_number", described) };
      }
      return { kind: "final", result: rejected(message.id, "carrier_rejected", described) };
    }
    return { kind: "again", errorMessage: `Twilio answered an unexpected HTTP ${status}.` };
  }
}

function retry(
  messageId: string,
  errorMessage: string,
  retryAfterMs?: number,
  maybeTaken = false,
  throttled = false,
): SubmitResult {
  const result: SubmitResult = { messageId, outcome: "retry", errorMessage };
  if (retryAfterMs !== undefined) result.retryAfterMs = retryAfterMs;
  if (maybeTaken) result.maybeTaken = true;
  if (throttled) result.throttled = true; // a 429 or the pace: not counted as an attempt
  return result;
}

function rejected(messageId: string, errorCode: string, errorMessage: string): SubmitResult {
  return { messageId, outcome: "rejected", errorCode, errorMessage };
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Retry-After as delay-seconds or an HTTP date, in ms; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (header == null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function positiveInt(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new Error(`TwilioCarrier: ${name} must be a positive integer.`);
  return value;
}

function nonNegativeInt(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) throw new Error(`TwilioCarrier: ${name} must be a non-negative integer.`);
  return value;
}
