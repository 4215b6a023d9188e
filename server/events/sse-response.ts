import type { AppError } from "../errors";
import { smallestIdAt } from "../ids";
import { logger } from "../logger";
import { STREAM_RESUME_HOURS } from "@/schemas/events";
import { toEnvelope } from "./envelope";
import { eventHub, type EventHub, type StreamSink } from "./hub";
import type { Position } from "./position";
import { positionOf, type PositionedRow } from "./read-outbox";
import { streamGuard, type StreamCredential, type StreamGuard } from "./stream-guard";

/** Bytes a client may leave unread before it is dropped (it resumes with Last-Event-ID). */
export const MAX_UNREAD_BYTES = 256 * 1024;
/** Milliseconds a client should wait before reconnecting (the SSE `retry:` field). */
const RETRY_MS = 2_000;
const MAX_EVENT_ID = 64;

const encoder = new TextEncoder();

export function eventFrame(row: PositionedRow): string {
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(toEnvelope(row))}\n\n`;
}

/**
 * Where a stream with this Last-Event-ID resumes: after that event, when it is the organization's
 * and at most 24 hours old; otherwise from now, after an `event: reset`.
 */
export async function resumePoint(
  organizationId: string,
  lastEventId: string | null,
  now = new Date(),
): Promise<{ after?: Position; reset: boolean }> {
  const id = lastEventId?.trim();
  if (!id) return { reset: false };
  if (id.length > MAX_EVENT_ID) return { reset: true };
  const oldest = smallestIdAt("evt", new Date(now.getTime() - STREAM_RESUME_HOURS * 3_600_000));
  const after = await positionOf(organizationId, id, oldest);
  return after ? { after, reset: false } : { reset: true };
}

/**
 * The frame that ends a stream whose credential no longer holds (issue 38): `event: error` with the
 * code, status and message a new request with the credential would get. It has no `id:`, so the client's
 * Last-Event-ID stays the last event it received, and it resumes there with a renewed credential.
 */
export function errorFrame(error: Pick<AppError, "code" | "message" | "status">): string {
  const data = { code: error.code, status: error.status, message: error.message };
  return `event: error\ndata: ${JSON.stringify(data)}\n\n`;
}

// Cutting a slow client's connection is routine: an AbortError, which Next does not log as a failure.
const tooSlow = () => new DOMException("event stream client too slow", "AbortError");

/**
 * contract §13: the Server-Sent Events response. The body is a stream the process's hub writes
 * to; what the client has not read yet is counted, and past MAX_UNREAD_BYTES the connection is
 * cut instead of buffering more (the client resumes with Last-Event-ID and misses nothing).
 * With a `credential`, the stream counts against its cap (429 `too_many_streams`, thrown before
 * any response) and ends with `event: error` once the credential stops holding (stream-guard.ts).
 */
export function eventStreamResponse(
  req: Request,
  options: {
    organizationId: string;
    types: readonly string[];
    lastEventId: string | null;
    credential?: StreamCredential;
  },
  hub: EventHub = eventHub(),
  guard: StreamGuard = streamGuard(),
): Response {
  let detach: (() => void) | null = null;
  let ended = false;
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;

  const end = (how: "close" | "error") => {
    if (ended) return;
    ended = true;
    detach?.();
    release();
    try {
      if (how === "close") ctrl.close();
      else ctrl.error(tooSlow());
    } catch {
      // already closed by the client
    }
  };
  const refuse = (error: AppError) => {
    if (ended) return;
    try {
      // Written whatever the client's backlog: it is the last frame.
      ctrl.enqueue(encoder.encode(errorFrame(error)));
    } catch {
      // already closed by the client
    }
    end("close");
  };
  const release = options.credential ? guard.admit(options.credential, refuse) : () => {};
  const enqueue = (text: string): boolean => {
    if (ended) return false;
    ctrl.enqueue(encoder.encode(text));
    return (ctrl.desiredSize ?? 1) > 0;
  };
  const sink: StreamSink = {
    organizationId: options.organizationId,
    types: options.types,
    send: (row) => enqueue(eventFrame(row)),
    heartbeat: () => enqueue(": ping\n\n"),
    close: (reason) => end(reason === "slow" ? "error" : "close"),
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        ctrl = controller;
        enqueue(`retry: ${RETRY_MS}\n: connected\n\n`);
        void (async () => {
          const { after, reset } = await resumePoint(options.organizationId, options.lastEventId);
          if (reset) enqueue(`event: reset\ndata: {"reason":"unknown_or_expired_event_id"}\n\n`);
          const off = await hub.subscribe(sink, after);
          if (ended) off();
          else detach = off;
        })().catch((err: unknown) => {
          logger.warn("events: stream could not start", { error: (err as Error).message });
          end("close");
        });
      },
      cancel() {
        ended = true;
        detach?.();
        release();
      },
    },
    { highWaterMark: MAX_UNREAD_BYTES, size: (chunk) => chunk.byteLength },
  );
  req.signal?.addEventListener("abort", () => {
    ended = true;
    detach?.();
    release();
  });

  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
