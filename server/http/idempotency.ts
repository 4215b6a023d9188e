import { createHash } from "node:crypto";
import type { DbOrTx } from "../db/client";
import { AppError } from "../errors";
import type { RecordResponse } from "../idempotency/record";
import {
  abandonIdempotentRequest,
  beginIdempotentRequest,
  recordIdempotentResponse,
  type IdempotencyScope,
} from "../idempotency/store";
import type { ApiKeyAuth } from "./authenticate-api-key";

const KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;

/** JSON with object keys sorted, so the same body written in another order hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function requestHash(body: unknown): string {
  return createHash("sha256").update(canonicalJson(body)).digest("hex");
}

export interface IdempotencyStep {
  /** For the domain function: stores the response with the work, in its transaction. */
  record: RecordResponse;
  recorded(): boolean;
  /** After the handler: store the response if the handler did not, or forget the key on failure. */
  finish(outcome: { ok: true; body: unknown } | { ok: false }): Promise<void>;
}

/**
 * The Idempotency-Key step of the REST wrapper (contract §5), after validation and before the
 * handler. Returns a replay Response, or the step the handler records through, or null when the
 * request carries no key.
 */
export async function startIdempotency(
  req: Request,
  auth: ApiKeyAuth,
  rawBody: unknown,
  status: number,
): Promise<Response | IdempotencyStep | null> {
  const key = req.headers.get("idempotency-key");
  if (key === null) return null;
  if (!KEY_PATTERN.test(key)) {
    throw new AppError("invalid_request", "Idempotency-Key must be 1 to 255 printable ASCII characters.", {
      details: [{ path: "Idempotency-Key", message: "1 to 255 printable ASCII characters." }],
    });
  }
  const scope: IdempotencyScope = {
    organizationId: auth.organizationId,
    environment: auth.environment,
    endpoint: `${req.method} ${new URL(req.url).pathname}`,
    key,
  };
  const begun = await beginIdempotentRequest(scope, requestHash(rawBody ?? {}), new Date());
  if (begun.kind === "replay") {
    return Response.json(begun.body, { status: begun.status, headers: { "idempotent-replayed": "true" } });
  }
  let recorded = false;
  return {
    record: async (tx: DbOrTx, body: unknown) => {
      await recordIdempotentResponse(tx, scope, status, body);
      recorded = true;
    },
    recorded: () => recorded,
    finish: async (outcome) => {
      if (!outcome.ok) {
        if (!recorded) await abandonIdempotentRequest(scope);
        return;
      }
      // A handler that did not record in its own transaction: record now (best effort after the work).
      if (!recorded) await recordIdempotentResponse(null, scope, status, outcome.body);
    },
  };
}
