import { inSpan } from "../../tracing/spans";
import { getEnv } from "../../env";
import { postWebhook, type PostWebhookResult } from "../http/post-webhook";
import { openSecret } from "../secret-box";
import { signStandardWebhook, signWebhookBody } from "../signature";
import { metrics } from "../../metrics/registry";

export const USER_AGENT = "SignalGate-Webhooks/1.0 (+https://signalgate.dev/docs/webhooks)";

/**
 * `npm run bench` only (set by /api/bench/webhook-signatures, which exists only with
 * BENCH_ROUTES=on): sign with the seed's scheme alone, to measure what the Standard Webhooks
 * signature costs in the same run. On globalThis because route handlers and the worker may load
 * separate copies of this module.
 */
export const BENCH_SEED_SIGNATURE_ONLY = Symbol.for("signalgate.bench.seedSignatureOnly");

export interface AttemptTarget {
  url: string;
  secretCiphertext: string | null;
  eventId: string;
  body: string;
}

/**
 * The headers of contract §6 and §12 (Standard Webhooks); both signatures cover the body bytes
 * exactly as sent, and the Standard one also the event id and this attempt's timestamp.
 */
export function webhookHeaders(target: AttemptTarget, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "x-webhook-id": target.eventId,
    "x-webhook-timestamp": String(timestamp),
    "webhook-id": target.eventId,
    "webhook-timestamp": String(timestamp),
  };
  const seedOnly = (globalThis as Record<symbol, unknown>)[BENCH_SEED_SIGNATURE_ONLY] === true;
  if (seedOnly) {
    delete headers["webhook-id"];
    delete headers["webhook-timestamp"];
  }
  if (target.secretCiphertext) {
    const secret = openSecret(target.secretCiphertext);
    headers["x-webhook-signature"] = signWebhookBody(secret, target.body);
    if (!seedOnly) headers["webhook-signature"] = signStandardWebhook(secret, target.eventId, timestamp, target.body);
  }
  return headers;
}

/** One HTTP attempt. Never throws: every failure is a result with its error. */
export function sendAttempt(target: AttemptTarget, now = new Date()): Promise<PostWebhookResult> {
  return inSpan("webhook attempt", { "signalgate.event_id": target.eventId }, async (span) => {
    const result = await attempt(target, now);
    span?.setAttributes({ "http.response.status_code": result.statusCode ?? 0, "signalgate.ok": result.ok });
    return result;
  });
}

async function attempt(target: AttemptTarget, now: Date): Promise<PostWebhookResult> {
  let headers: Record<string, string>;
  try {
    headers = webhookHeaders(target, now);
  } catch (err) {
    return { ok: false, statusCode: null, responseTimeMs: 0, responseBody: null, error: (err as Error).message };
  }
  const result = await postWebhook(target.url, target.body, headers, {
    allowPrivate: getEnv().WEBHOOK_ALLOW_PRIVATE_URLS,
  });
  metrics().webhookAttempts.inc({
    outcome: result.ok ? "success" : result.statusCode === null ? "network_error" : "http_error",
  });
  return result;
}
