import { context, trace, SpanKind, SpanStatusCode, type Attributes, type Context, type Span } from "@opentelemetry/api";

/**
 * The service's own spans (contract §16). Every helper first asks whether tracing is on: with
 * OTEL_EXPORTER_OTLP_ENDPOINT unset no SDK is loaded (start.ts), and these cost one property read.
 * State lives on globalThis, shared by Next's separately bundled route handlers and start-up code.
 */
interface TracingState {
  on: boolean;
  /** The context each recently accepted message should continue: its request's, then its hand-off's. */
  messages: Map<string, Context>;
  /** Export what is still buffered and stop (start.ts sets it). */
  stop?: () => Promise<void>;
}

const holder = globalThis as typeof globalThis & { __signalgateTracing?: TracingState };
const state: TracingState = (holder.__signalgateTracing ??= { on: false, messages: new Map() });

/** Messages remembered at most: a pipeline that is off or far behind must not grow memory. */
const MAX_REMEMBERED = 50_000;

export function tracingOn(): boolean {
  return state.on;
}

/** start.ts, once the SDK is registered (and tests). */
export function setTracingOn(on: boolean, stop?: () => Promise<void>): void {
  state.on = on;
  state.stop = stop;
  if (!on) state.messages.clear();
}

/** Shutdown: send the spans still buffered. */
export async function stopTracing(): Promise<void> {
  const stop = state.stop;
  setTracingOn(false);
  await stop?.();
}

const tracer = () => trace.getTracer("signalgate");

/** Run `fn` in a new active span; an exception marks it failed. Without tracing, just `fn`. */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span | undefined) => Promise<T>,
  options: { parent?: Context; kind?: SpanKind } = {},
): Promise<T> {
  if (!state.on) return fn(undefined);
  return tracer().startActiveSpan(
    name,
    { attributes, kind: options.kind ?? SpanKind.INTERNAL },
    options.parent ?? context.active(),
    async (span) => {
      try {
        return await fn(span);
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** A server span for one HTTP request. */
export function requestSpan<T>(method: string, route: string, fn: (span: Span | undefined) => Promise<T>): Promise<T> {
  return inSpan(`${method} ${route}`, { "http.request.method": method, "http.route": route }, fn, {
    kind: SpanKind.SERVER,
  });
}

/** Name the request id on the request's span (the same id as X-Request-Id and the request log). */
export function tagRequest(requestId: string): void {
  if (state.on) trace.getActiveSpan()?.setAttribute("signalgate.request_id", requestId);
}

/**
 * A send remembers its request's context for its messages, so the pipeline's hand-off (usually in
 * this same process, woken by the send) continues the request's trace. A message handed off by
 * another process starts a trace of its own.
 */
export function rememberMessageTraces(messageIds: readonly string[]): void {
  if (!state.on || messageIds.length === 0) return;
  const active = context.active();
  for (const id of messageIds) state.messages.set(id, active);
  while (state.messages.size > MAX_REMEMBERED) {
    const oldest = state.messages.keys().next().value;
    if (oldest === undefined) break;
    state.messages.delete(oldest);
  }
}

/**
 * One span per message for a carrier hand-off, child of the message's request when known. Returns
 * the function that ends them with each message's outcome; meanwhile `inMessageSpan` (used by
 * the carriers) parents its work under the message's hand-off.
 */
export function startHandOffSpans(
  messageIds: readonly string[],
  provider: string,
): (outcomes: ReadonlyMap<string, string>) => void {
  if (!state.on) return () => {};
  const spans = new Map<string, Span>();
  for (const id of messageIds) {
    const parent = state.messages.get(id) ?? context.active();
    const span = tracer().startSpan(
      "carrier hand-off",
      { attributes: { "signalgate.message_id": id, "signalgate.provider": provider }, kind: SpanKind.PRODUCER },
      parent,
    );
    spans.set(id, span);
    state.messages.set(id, trace.setSpan(parent, span));
  }
  return (outcomes) => {
    for (const [id, span] of spans) {
      const outcome = outcomes.get(id) ?? "none";
      span.setAttribute("signalgate.outcome", outcome);
      if (outcome !== "accepted") span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
      span.end();
      state.messages.delete(id);
    }
  };
}

/** A carrier's work for one message, under that message's hand-off span. */
export function inMessageSpan<T>(
  messageId: string,
  name: string,
  attributes: Attributes,
  fn: () => Promise<T>,
): Promise<T> {
  if (!state.on) return fn();
  return inSpan(name, { "signalgate.message_id": messageId, ...attributes }, fn, {
    parent: state.messages.get(messageId),
    kind: SpanKind.CLIENT,
  });
}
