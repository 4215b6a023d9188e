import { SignalGateError } from "../core/errors.js";
import { segment } from "../core/http.js";
import { PageIterator } from "../core/pagination.js";
import { parseSse } from "../core/sse.js";
import { data, type Transport } from "../core/transport.js";
import type { QueryParams, RequestBody, RequestOptions, ResponseBody } from "../core/types.js";

export type Event = ResponseBody<"getEvent">;
export type ListEventsParams = Omit<QueryParams<"listEvents">, "cursor" | "types"> & { types?: string | string[] };
export type ResendEventParams = RequestBody<"resendEvent">;
export type EventResend = ResponseBody<"resendEvent">;

/** What `events.stream()` yields. */
export type StreamMessage =
  /** An event, as committed. `id` is what a later stream resumes after. */
  | { type: "event"; id: string; event: Event }
  /** The id to resume after was unknown or older than 24 hours: the stream starts from now. */
  | { type: "reset" }
  /** A connection opened (the first, or a reconnection after `retryInMs`). */
  | { type: "connected"; lastEventId: string | undefined }
  /**
   * The connection ended; the stream reconnects in `retryInMs` with Last-Event-ID. When the server
   * ended it because the credential stopped holding (`event: error`: an expired access token, a
   * revoked key or session), `error` is that refusal and the stream reconnects at once: an access
   * token is renewed first, and a credential that cannot be renewed ends the iteration by throwing.
   */
  | { type: "disconnected"; error: Error | undefined; retryInMs: number };

export interface StreamEventsParams {
  /** Event types, or families (`message.*`); default every type. */
  types?: string | string[];
  /** Resume after this event (Last-Event-ID): nothing committed after it is missed or repeated, up to 24 h. */
  lastEventId?: string;
  /** Reconnect when the connection drops (default true): with the last event's id, so nothing is lost. */
  reconnect?: boolean;
  /** Ends the stream. */
  signal?: AbortSignal;
}

const base = "/api/v1/developer/events";
const MAX_RETRY_MS = 30_000;
const typesParam = (types: string | string[] | undefined) => (Array.isArray(types) ? types.join(",") : types);

/** The organization's events (an access token, or an API key with `webhooks.manage`). */
export class Events {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/events`: the last 30 days, newest first in commit order, every page. */
  list(params: ListEventsParams = {}, options?: RequestOptions): PageIterator<Event> {
    const query = { ...params, types: typesParam(params.types) };
    return new PageIterator((cursor) =>
      this.t.any({ method: "GET", path: base, query: { ...query, cursor }, options }),
    );
  }

  /** `GET /api/v1/developer/events/{id}`. */
  get(id: string, options?: RequestOptions): Promise<Event> {
    return data(this.t.any({ method: "GET", path: `${base}/${segment(id)}`, options }));
  }

  /** `POST /api/v1/developer/events/{id}/resend`: the event to one webhook, now. */
  resend(id: string, params: ResendEventParams, options?: RequestOptions): Promise<EventResend> {
    return data(this.t.any({ method: "POST", path: `${base}/${segment(id)}/resend`, body: params, options }));
  }

  /**
   * `GET /api/v1/developer/events/stream`: events as they are committed, for as long as you
   * iterate. A dropped connection is reopened with the last event's id (Last-Event-ID), after the
   * server's `retry` (doubling on repeated failures, at most 30 s), so no event is missed or seen
   * twice. Credential and permission errors end the iteration by throwing.
   *
   *   for await (const m of client.events.stream({ types: "message.*" })) {
   *     if (m.type === "event") console.log(m.event.event, m.id);
   *   }
   */
  async *stream(params: StreamEventsParams = {}): AsyncGenerator<StreamMessage, void, undefined> {
    const reconnect = params.reconnect ?? true;
    let lastEventId = params.lastEventId;
    let retryMs = 2_000;
    let failures = 0;
    // Refusals with no event between them: the credential was renewed yet refused again.
    let refusals = 0;
    for (;;) {
      let error: Error | undefined;
      let refused: SignalGateError | undefined;
      try {
        const res = await this.t.open({
          method: "GET",
          path: `${base}/stream`,
          query: { types: typesParam(params.types) },
          headers: { accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
          options: { signal: params.signal },
        });
        yield { type: "connected", lastEventId };
        for await (const m of parseSse(res.body!)) {
          if (m.retry !== undefined) retryMs = m.retry;
          failures = 0;
          if (m.event === "reset") {
            yield { type: "reset" };
            continue;
          }
          if (m.event === "error") {
            refused = refusalOf(m.data);
            break;
          }
          if (m.id === undefined || m.data === "") continue;
          refusals = 0;
          lastEventId = m.id;
          yield { type: "event", id: m.id, event: JSON.parse(m.data) as Event };
        }
      } catch (err) {
        if (params.signal?.aborted) return;
        // Refusals (bad credential, missing permission, bad types) will not change by retrying.
        if (err instanceof SignalGateError && err.status >= 400 && err.status < 500 && err.status !== 429) throw err;
        error = err instanceof Error ? err : new Error(String(err));
      }
      if (params.signal?.aborted) return;
      if (refused && !reconnect) throw refused;
      if (!reconnect) return;
      // A refused credential is checked again at once by the reconnection itself (renewed when it can
      // be); only a second refusal in a row waits, as any failure does.
      const immediate = refused !== undefined && refusals++ === 0;
      const wait = immediate ? 0 : Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.min(failures, 4));
      if (!immediate) failures++;
      yield { type: "disconnected", error: refused ?? error, retryInMs: wait };
      await sleep(wait, params.signal);
      if (params.signal?.aborted) return;
    }
  }
}

/** The refusal an `event: error` frame names (`{ code, status, message }`). */
function refusalOf(data: string): SignalGateError {
  let body: { code?: unknown; status?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(data) as typeof body;
  } catch {
    // a frame without JSON still ends the connection
  }
  return new SignalGateError({
    status: typeof body.status === "number" ? body.status : 401,
    code: (typeof body.code === "string" ? body.code : "unauthenticated") as SignalGateError["code"],
    message: typeof body.message === "string" ? body.message : "The stream's credential was refused.",
  });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}
