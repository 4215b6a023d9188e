import { errorFromResponse, SignalGateError } from "./errors.js";
import { rateLimitDelayMs, transientDelayMs } from "./retry.js";
import type { RequestOptions } from "./types.js";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type SleepLike = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface HttpConfig {
  baseUrl: string;
  maxRetries: number;
  timeout: number;
  fetch: FetchLike;
  sleep: SleepLike;
  headers: Record<string, string>;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface HttpRequest {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, QueryValue> | object;
  /** A JSON body. */
  body?: unknown;
  /** A body that is not JSON (the contacts import's CSV). */
  raw?: { contentType: string; data: string | Uint8Array };
  /** The `Authorization` value (`Bearer …`), if any. */
  authorization?: string;
  /** Sends only: the Idempotency-Key, which also makes the request safe to repeat. */
  idempotencyKey?: string;
  /** How to read a 2xx body. */
  responseType?: "json" | "text";
  options?: RequestOptions;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/**
 * One call to the API with the retry rule of the SDK:
 * - 429: always retried (the request was refused before anything happened), after
 *   Retry-After × 1000 × 2^attempt ms;
 * - connection errors, time-outs, 5xx and 409 `idempotency_in_progress`: retried only when the
 *   request is safe to repeat (a GET, or a send carrying its Idempotency-Key);
 * - at most `maxRetries` retries; the caller's signal stops everything, waits included.
 */
export async function request<T>(config: HttpConfig, req: HttpRequest): Promise<HttpResponse<T>> {
  const options = req.options ?? {};
  const maxRetries = Math.max(0, options.maxRetries ?? config.maxRetries);
  const safe = req.method === "GET" || req.idempotencyKey !== undefined;
  const signal = options.signal;

  for (let attempt = 0; ; attempt++) {
    const canRetry = attempt < maxRetries;
    let res: Response;
    let text: string;
    try {
      ({ res, text } = await attemptOnce(config, req, options.timeout ?? config.timeout));
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (!(err instanceof SignalGateError)) throw err;
      if (safe && canRetry) {
        await config.sleep(transientDelayMs(null, attempt), signal);
        continue;
      }
      throw err;
    }

    if (res.ok) return { data: parseBody<T>(req, res, text), status: res.status, headers: res.headers };

    const error = await errorFromResponse(
      new Response(text, { status: res.status, headers: res.headers }),
      config.baseUrl,
    );
    const retryAfter = res.headers.get("retry-after");
    if (canRetry && res.status === 429) {
      await config.sleep(rateLimitDelayMs(retryAfter, attempt), signal);
      continue;
    }
    const transient = res.status >= 500 || (res.status === 409 && error.code === "idempotency_in_progress");
    if (canRetry && safe && transient) {
      await config.sleep(transientDelayMs(retryAfter, attempt), signal);
      continue;
    }
    throw error;
  }
}

function parseBody<T>(req: HttpRequest, res: Response, text: string): T {
  if (req.responseType === "text") return text as T;
  if (text === "") return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    throw new SignalGateError({
      status: res.status,
      code: "unexpected_response",
      message: `${req.method} ${req.path} answered ${res.status} with a body that is not JSON`,
      requestId: res.headers.get("x-request-id") ?? undefined,
      headers: res.headers,
      cause: err,
    });
  }
}

/** One HTTP exchange, body read included, under the attempt's time-out and the caller's signal. */
async function attemptOnce(
  config: HttpConfig,
  req: HttpRequest,
  timeout: number,
): Promise<{ res: Response; text: string }> {
  const signal = req.options?.signal;
  if (signal?.aborted) throw signal.reason;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${timeout} ms`));
  }, timeout);
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });

  const headers: Record<string, string> = { accept: "application/json", ...config.headers };
  if (req.authorization) headers.authorization = req.authorization;
  if (req.idempotencyKey !== undefined) headers["idempotency-key"] = req.idempotencyKey;
  let body: string | Uint8Array | undefined;
  if (req.raw) {
    headers["content-type"] = req.raw.contentType;
    body = req.raw.data;
  } else if (req.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(req.body);
  }

  try {
    const res = await config.fetch(buildUrl(config.baseUrl, req.path, req.query), {
      method: req.method,
      headers,
      body: body as BodyInit | undefined,
      signal: controller.signal,
    });
    return { res, text: await res.text() };
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    throw new SignalGateError({
      status: 0,
      code: timedOut ? "timeout" : "connection_error",
      message: timedOut
        ? `${req.method} ${req.path} timed out after ${timeout} ms`
        : `${req.method} ${req.path} failed: ${err instanceof Error ? err.message : String(err)}`,
      cause: err,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

export function buildUrl(baseUrl: string, path: string, query?: object): string {
  const url = new URL(baseUrl.replace(/\/+$/, "") + path);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** A path segment from a caller's id, so an id can never change the path. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
