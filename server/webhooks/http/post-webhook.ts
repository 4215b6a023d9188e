import http from "node:http";
import https from "node:https";
import { StringDecoder } from "node:string_decoder";
import { ADDRESS_FORBIDDEN, literalHostError, safeLookup } from "./safe-lookup";

export const WEBHOOK_TIMEOUT_MS = 30_000;
export const WEBHOOK_MAX_RESPONSE_BYTES = 4096;

export type PostWebhookOptions = {
  /** One deadline for the whole attempt: connect, TLS, request, response headers and body. */
  timeoutMs?: number;
  /** How much of the response body is kept for the delivery log; the rest is never read. */
  maxResponseBytes?: number;
  allowPrivate: boolean;
};

export type PostWebhookResult = {
  /** True exactly when a 2xx response was received in time; then `error` is null. */
  ok: boolean;
  /** Null when no response arrived. Kept when headers came but the body then timed out or broke. */
  statusCode: number | null;
  responseTimeMs: number;
  /** At most maxResponseBytes of the body, UTF-8; null when no response arrived. */
  responseBody: string | null;
  /** A short sentence for the delivery log; null exactly when ok. */
  error: string | null;
};

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

function statusError(status: number): string | null {
  if (status >= 200 && status < 300) return null;
  const text = `HTTP ${status} ${http.STATUS_CODES[status] ?? ""}`.trim();
  return status >= 300 && status < 400 ? `${text} (redirects are not followed)` : text;
}

function networkError(err: unknown, host: string): string {
  const e = err as NodeJS.ErrnoException & { errors?: NodeJS.ErrnoException[] };
  // With several addresses Node reports an AggregateError of the per-address failures.
  const code = e.code ?? e.errors?.[0]?.code;
  switch (code) {
    case ADDRESS_FORBIDDEN:
      return e.message;
    case "ECONNREFUSED":
      return "Connection refused";
    case "ECONNRESET":
      return e.message === "socket hang up"
        ? "The endpoint closed the connection without answering"
        : "Connection reset by the endpoint";
    case "EPIPE":
      return "The endpoint closed the connection while the request was being sent";
    case "ENOTFOUND":
    case "ENODATA":
      return `Could not resolve ${host}`;
    case "EAI_AGAIN":
      return `Temporary DNS failure resolving ${host}`;
    case "ETIMEDOUT":
      return "Connection timed out";
    case "EHOSTUNREACH":
      return "Host unreachable";
    case "ENETUNREACH":
      return "Network unreachable";
  }
  if (code?.startsWith("HPE_")) return "The endpoint sent an invalid HTTP response";
  if (code && /CERT|TLS|SSL/.test(code)) return `TLS error: ${e.message}`;
  return e.message || "The request failed";
}

/**
 * Decodes the kept bytes. A body cut at the byte limit may end inside a multi-byte character:
 * that partial character is dropped rather than shown as U+FFFD.
 */
function snippet(chunks: Buffer[], maxBytes: number, complete: boolean): string {
  const bytes = Buffer.concat(chunks);
  const decoder = new StringDecoder("utf8");
  if (complete && bytes.length <= maxBytes) return decoder.write(bytes) + decoder.end();
  return decoder.write(bytes.subarray(0, maxBytes));
}

/**
 * One delivery attempt: POST `body` to `url`. Never throws and never follows redirects. Each
 * attempt opens its own connection (no keep-alive pool): the address check then runs on every
 * attempt, and a pooled socket closed by the endpoint while idle cannot fail a delivery.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostWebhookOptions,
): Promise<PostWebhookResult> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? WEBHOOK_MAX_RESPONSE_BYTES;

  return new Promise((resolve) => {
    let settled = false;
    let request: http.ClientRequest | undefined;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;

    const finish = (error: string | null, bodyComplete = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      // Stops reading whatever is still coming and closes the socket, in every outcome.
      request?.destroy();
      resolve({
        ok: error === null && statusCode !== null,
        statusCode,
        responseTimeMs: Math.round(performance.now() - started),
        responseBody: statusCode === null ? null : snippet(chunks, maxBytes, bodyComplete),
        error,
      });
    };
    const deadline = setTimeout(() => finish(`Timed out after ${seconds(timeoutMs)}`), timeoutMs);

    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return finish("The webhook URL is not valid");
    }
    if (target.protocol !== "http:" && target.protocol !== "https:") {
      return finish("Only http and https webhook URLs are supported");
    }
    const hostname = target.hostname.replace(/^\[|\]$/g, "");
    const refused = literalHostError(hostname, options);
    if (refused) return finish(refused.message);

    const payload = Buffer.from(body, "utf8");
    const outgoing: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (lower !== "content-length" && lower !== "transfer-encoding") outgoing[name] = value;
    }
    outgoing["content-length"] = String(payload.length);

    try {
      request = (target.protocol === "https:" ? https : http).request({
        protocol: target.protocol,
        hostname,
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        method: "POST",
        headers: outgoing,
        agent: false,
        lookup: safeLookup({ allowPrivate: options.allowPrivate }),
      });
    } catch (err) {
      return finish(`The request could not be built: ${(err as Error).message}`);
    }

    request.on("error", (err) => finish(networkError(err, hostname)));
    request.on("response", (response) => {
      statusCode = response.statusCode ?? null;
      const outcome = statusCode === null ? "The endpoint sent no status code" : statusError(statusCode);
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= maxBytes) finish(outcome);
      });
      response.on("end", () => finish(outcome, true));
      response.on("error", (err) => finish(networkError(err, hostname)));
      response.on("close", () => finish("The connection closed before the response body was complete"));
      if (maxBytes <= 0) finish(outcome);
    });
    request.end(payload);
  });
}
