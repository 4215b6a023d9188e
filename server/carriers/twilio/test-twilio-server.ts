import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { twilioSignature } from "./signature";

/**
 * Test helper: a real HTTP server on 127.0.0.1 (random port) that speaks the shape of Twilio's
 * Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`), plus a way to send signed status
 * callbacks the way Twilio does. Not used by the app.
 */

export type Behaviour =
  /** 201 with a new sid (or the same sid again for a repeated idempotency key); optional delay first. */
  | { kind: "accept"; delayMs?: number }
  /** A Twilio-style JSON error: { code, message, more_info, status }. */
  | { kind: "error"; status: number; code?: number; message?: string; retryAfter?: string }
  /** Read the request and never answer (until the server closes). */
  | { kind: "hang" };

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  rawBody: string;
  form: Record<string, string>;
  authorized: boolean;
}

export interface CreatedMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback?: string;
}

export interface TestTwilioServer {
  /** e.g. "http://127.0.0.1:43817": pass as the carrier's baseUrl. */
  readonly baseUrl: string;
  /** Every request, in arrival order. */
  readonly requests: ReceivedRequest[];
  /** Messages "created" (accepted), in order; a repeated idempotency key does not create another. */
  readonly created: CreatedMessage[];
  /** Highest number of requests in flight at once. */
  readonly maxInFlight: number;
  /** Queue behaviours for a destination: one per request to it, then it falls back to accept. */
  program(to: string, ...behaviours: Behaviour[]): void;
  /** Behaviour for destinations with nothing queued (default: accept). */
  setDefault(behaviour: Behaviour): void;
  /**
   * Throttle switches, for the whole account as Twilio's are: answer 429 (code 20429, with
   * `Retry-After` when given) to the next `count` requests, or to every request beyond `perSecond`
   * in any one second (a sliding window; throttled ones do not count; null lifts it).
   */
  throttleNext(count: number, retryAfter?: string): void;
  throttleAbove(perSecond: number | null, retryAfter?: string): void;
  /** Requests a throttle switch answered 429. */
  readonly throttled: number;
  /** Requests whose To was this number. */
  requestsTo(to: string): ReceivedRequest[];
  /** POST a form-encoded status callback to `url`, signed like Twilio (or with `signature` as given, or none). */
  sendStatusCallback(
    url: string,
    params: Record<string, string>,
    options?: { signature?: string | null },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export interface TestTwilioServerOptions {
  accountSid: string;
  authToken: string;
  /** Header whose value deduplicates creates (Twilio has none; for the idempotency tests). */
  idempotencyHeader?: string;
}

const E164 = /^\+[1-9]\d{6,14}$/;

export async function startTestTwilioServer(options: TestTwilioServerOptions): Promise<TestTwilioServer> {
  const requests: ReceivedRequest[] = [];
  const created: CreatedMessage[] = [];
  const queues = new Map<string, Behaviour[]>();
  const byIdempotencyKey = new Map<string, CreatedMessage>();
  let fallback: Behaviour = { kind: "accept" };
  const throttle = { next: 0, perSecond: null as number | null, retryAfter: undefined as string | undefined, count: 0 };
  const recent: number[] = [];
  const throttles = (): boolean => {
    if (throttle.next > 0) {
      throttle.next -= 1;
      return true;
    }
    if (throttle.perSecond === null) return false;
    const now = Date.now();
    while (recent.length > 0 && recent[0]! <= now - 1_000) recent.shift();
    if (recent.length >= throttle.perSecond) return true;
    recent.push(now);
    return false;
  };
  let inFlight = 0;
  let maxInFlight = 0;
  const expectedAuth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  const messagesPath = `/2010-04-01/Accounts/${options.accountSid}/Messages.json`;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const rawBody = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(rawBody));
    const authorized = req.headers.authorization === expectedAuth;
    const path = req.url ?? "";
    requests.push({ method: req.method ?? "", path, headers: req.headers, rawBody, form, authorized });

    if (!authorized) return twilioError(res, 401, 20003, "Authenticate");
    if (req.method !== "POST" || path !== messagesPath) {
      return twilioError(res, 404, 20404, "The requested resource was not found");
    }
    if (!form.To) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
    if (!form.From) return twilioError(res, 400, 21603, "A 'From' phone number is required.");
    if (!form.Body) return twilioError(res, 400, 21602, "Message body is required.");
    if (!E164.test(form.To))
      return twilioError(res, 400, 21211, `The 'To' number ${form.To} is not a valid phone number.`);

    if (throttles()) {
      throttle.count += 1;
      return twilioError(res, 429, 20429, "Too Many Requests", throttle.retryAfter);
    }
    const behaviour = queues.get(form.To)?.shift() ?? fallback;
    if (behaviour.kind === "hang") return; // the socket stays open until close()
    if (behaviour.kind === "error") {
      return twilioError(res, behaviour.status, behaviour.code, behaviour.message ?? "Error", behaviour.retryAfter);
    }

    // Create first, answer after the delay: a client that times out meanwhile does not know it was taken.
    const key = options.idempotencyHeader ? header(req, options.idempotencyHeader) : undefined;
    let message = key ? byIdempotencyKey.get(key) : undefined;
    if (!message) {
      message = {
        sid: `SM${randomBytes(16).toString("hex")}`,
        to: form.To,
        from: form.From,
        body: form.Body,
        statusCallback: form.StatusCallback,
      };
      created.push(message);
      if (key) byIdempotencyKey.set(key, message);
    }
    if (behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
    if (res.destroyed) return;
    const now = new Date().toUTCString();
    sendJson(res, 201, {
      sid: message.sid,
      account_sid: options.accountSid,
      to: message.to,
      from: message.from,
      body: message.body,
      status: "queued",
      num_segments: "1",
      direction: "outbound-api",
      date_created: now,
      date_updated: now,
      error_code: null,
      error_message: null,
      uri: `${messagesPath.replace(/\.json$/, "")}/${message.sid}.json`,
    });
  };

  const server: Server = createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        inFlight--;
      }
    };
    res.on("close", finish);
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) twilioError(res, 500, 20500, `Internal error: ${(err as Error).message}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    created,
    get maxInFlight() {
      return maxInFlight;
    },
    program(to, ...behaviours) {
      queues.set(to, [...(queues.get(to) ?? []), ...behaviours]);
    },
    setDefault(behaviour) {
      fallback = behaviour;
    },
    throttleNext(count, retryAfter) {
      Object.assign(throttle, { next: count, retryAfter });
    },
    throttleAbove(perSecond, retryAfter) {
      Object.assign(throttle, { perSecond, retryAfter });
    },
    get throttled() {
      return throttle.count;
    },
    requestsTo(to) {
      return requests.filter((r) => r.form.To === to);
    },
    async sendStatusCallback(url, params, opts = {}) {
      const signature = opts.signature === undefined ? twilioSignature(options.authToken, url, params) : opts.signature;
      const headers: Record<string, string> = {
        "Content-Type": "application/x-www-form-urlencoded",
        "User-Agent": "TwilioProxy/1.1",
      };
      if (signature !== null) headers["X-Twilio-Signature"] = signature;
      const response = await fetch(url, {
        method: "POST",
        headers,
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(5_000),
      });
      return { status: response.status, body: await response.text() };
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // hanging requests included
      });
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "application/json", ...extraHeaders });
  res.end(JSON.stringify(body));
}

function twilioError(
  res: ServerResponse,
  status: number,
  code: number | undefined,
  message: string,
  retryAfter?: string,
): void {
  sendJson(
    res,
    status,
    { code: code ?? null, message, more_info: code ? `https://www.twilio.com/docs/errors/${code}` : null, status },
    retryAfter ? { "Retry-After": retryAfter } : {},
  );
}
