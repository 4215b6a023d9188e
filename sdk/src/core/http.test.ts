import { describe, expect, it } from "vitest";
import { SignalGate } from "../client";
import { SignalGateError } from "./errors";
import { rateLimitDelayMs, transientDelayMs } from "./retry";

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

type Answer = Response | Error | ((call: Call) => Response | Error);

/** A fetch that records each call and answers from the list, in order. */
function fakeFetch(answers: Answer[]) {
  const calls: Call[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const call: Call = {
      method: String(init.method),
      url,
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
      body: typeof init.body === "string" ? init.body : undefined,
    };
    calls.push(call);
    const next = answers.shift();
    if (next === undefined) throw new Error("no more answers");
    const answer = typeof next === "function" ? next(call) : next;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch, calls };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

const rateLimited = (retryAfter: string) =>
  json(
    429,
    { error: { code: "rate_limited", message: "Slow down.", requestId: "req_429" } },
    {
      "retry-after": retryAfter,
      "x-request-id": "req_429",
    },
  );
const serverError = () => json(500, { error: { code: "internal_error", message: "Oops.", requestId: "req_500" } });
const sent = () => json(202, { messageId: "msg_1", status: "QUEUED" });

function client(answers: Answer[], options: { maxRetries?: number; timeout?: number } = {}) {
  const { fetch, calls } = fakeFetch(answers);
  const waits: number[] = [];
  const sg = new SignalGate({
    apiKey: "sg_test_x",
    baseUrl: "http://api.test/",
    fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { sg, calls, waits };
}

const SMS = { to: "+14155550123", body: "hi" };

describe("retry delays", () => {
  it("429: Retry-After × 1000 × 2^attempt", () => {
    expect([0, 1, 2, 3].map((a) => rateLimitDelayMs("3", a))).toEqual([3000, 6000, 12000, 24000]);
    expect(rateLimitDelayMs(null, 0)).toBe(1000);
    expect(rateLimitDelayMs("soon", 1)).toBe(2000);
    const now = Date.parse("2026-11-25T10:00:00Z");
    expect(rateLimitDelayMs("Wed, 25 Nov 2026 10:00:05 GMT", 1, now)).toBe(10_000);
  });

  it("transient: Retry-After when given, else 0.5 s doubling", () => {
    expect([0, 1, 2].map((a) => transientDelayMs(null, a))).toEqual([500, 1000, 2000]);
    expect(transientDelayMs("2", 1)).toBe(4000);
  });
});

describe("the retry rule", () => {
  it("waits Retry-After × 1000 × 2^attempt after each 429, then gives up after maxRetries with the 429", async () => {
    const { sg, calls, waits } = client([rateLimited("2"), rateLimited("3"), rateLimited("1")]);
    const err = await sg.sms.send(SMS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SignalGateError);
    expect(err).toMatchObject({ status: 429, code: "rate_limited", requestId: "req_429", message: "Slow down." });
    expect(waits).toEqual([2000, 6000]);
    expect(calls).toHaveLength(3);
  });

  it("succeeds once the limiter lets the request through", async () => {
    const { sg, waits } = client([rateLimited("1"), sent()]);
    await expect(sg.sms.send(SMS)).resolves.toMatchObject({ messageId: "msg_1" });
    expect(waits).toEqual([1000]);
  });

  it("maxRetries: 0 disables retrying; per-call maxRetries overrides the client's", async () => {
    const off = client([rateLimited("1")], { maxRetries: 0 });
    await expect(off.sg.sms.status("msg_1")).rejects.toMatchObject({ status: 429 });
    expect(off.waits).toEqual([]);

    const more = client([rateLimited("1"), rateLimited("1"), rateLimited("1"), sent()]);
    await expect(more.sg.sms.send(SMS, { maxRetries: 3 })).resolves.toMatchObject({ messageId: "msg_1" });
    expect(more.waits).toEqual([1000, 2000, 4000]);
  });

  it("a send keeps one Idempotency-Key across its retries, and so may retry after a dropped connection or a 5xx", async () => {
    const { sg, calls, waits } = client([new TypeError("fetch failed"), serverError(), sent()]);
    await expect(sg.sms.send(SMS)).resolves.toMatchObject({ messageId: "msg_1" });
    const keys = calls.map((c) => c.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
    expect(waits).toEqual([500, 1000]);
  });

  it("503 service_unavailable (the database is away) is retried after its Retry-After, for GETs and keyed sends", async () => {
    const unavailable = () =>
      json(
        503,
        { error: { code: "service_unavailable", message: "Briefly unavailable.", requestId: "req_503" } },
        { "retry-after": "5" },
      );
    const get = client([unavailable(), json(200, { messageId: "msg_1", status: "DELIVERED" })]);
    await expect(get.sg.sms.status("msg_1")).resolves.toMatchObject({ status: "DELIVERED" });
    expect(get.waits).toEqual([5000]);
    const send = client([unavailable(), unavailable(), sent()]);
    await expect(send.sg.sms.send(SMS)).resolves.toMatchObject({ messageId: "msg_1" });
    expect(send.waits).toEqual([5000, 10000]);
    expect(new Set(send.calls.map((c) => c.headers["idempotency-key"])).size).toBe(1);
    const verify = client([unavailable()]);
    await expect(verify.sg.otp.verify({ to: SMS.to, code: "123456" })).rejects.toMatchObject({
      status: 503,
      code: "service_unavailable",
    });
    expect(verify.calls).toHaveLength(1);
  });

  it("each send gets its own key, and a caller's key is used as given", async () => {
    const { sg, calls } = client([sent(), sent(), sent()]);
    await sg.sms.send(SMS);
    await sg.otp.send({ to: SMS.to });
    await sg.sms.bulk({ messages: [SMS] }, { idempotencyKey: "order-1001" });
    const [a, b, c] = calls.map((x) => x.headers["idempotency-key"]);
    expect(a).not.toBe(b);
    expect(c).toBe("order-1001");
  });

  it("a POST without a key is never repeated after a connection error or a 5xx", async () => {
    const dropped = client([new TypeError("socket hang up")]);
    await expect(dropped.sg.otp.verify({ to: SMS.to, code: "123456" })).rejects.toMatchObject({
      status: 0,
      code: "connection_error",
    });
    expect(dropped.calls).toHaveLength(1);

    const failed = client([serverError()]);
    await expect(failed.sg.sms.quote({ to: SMS.to, body: "x" })).rejects.toMatchObject({ status: 500 });
    expect(failed.calls).toHaveLength(1);
    expect(failed.calls[0]?.headers["idempotency-key"]).toBeUndefined();
  });

  it("GETs are retried after connection errors and 5xx", async () => {
    const { sg, calls } = client([new TypeError("ECONNRESET"), serverError(), json(200, { messageId: "msg_1" })]);
    await expect(sg.sms.status("msg_1")).resolves.toMatchObject({ messageId: "msg_1" });
    expect(calls.map((c) => c.url)).toEqual(Array(3).fill("http://api.test/api/v1/sms/msg_1/status"));
  });

  it("a send whose first attempt is still running (409 idempotency_in_progress) is retried with the same key", async () => {
    const inProgress = json(409, { error: { code: "idempotency_in_progress", message: "Wait.", requestId: "r" } });
    const { sg, calls } = client([inProgress, sent()]);
    await expect(sg.sms.send(SMS)).resolves.toMatchObject({ messageId: "msg_1" });
    expect(calls[0]?.headers["idempotency-key"]).toBe(calls[1]?.headers["idempotency-key"]);
  });

  it("other errors are thrown at once with the API's code, request id and details", async () => {
    const details = [{ path: "to", message: "Invalid" }];
    const { sg, calls } = client([
      json(400, { error: { code: "invalid_phone_number", message: "Bad number.", requestId: "req_1", details } }),
    ]);
    await expect(sg.sms.send({ ...SMS, to: "0" })).rejects.toMatchObject({
      name: "SignalGateError",
      status: 400,
      code: "invalid_phone_number",
      message: "Bad number.",
      requestId: "req_1",
      details,
    });
    expect(calls).toHaveLength(1);
  });

  it("exposes the error reference link, made absolute against the base URL when the API sent a path", async () => {
    const body = (docUrl: string) => ({ error: { code: "not_found", message: "No.", requestId: "r", docUrl } });
    const { sg } = client([json(404, body("/docs/errors#not_found")), json(404, body("https://x.test/docs/errors#a"))]);
    await expect(sg.sms.status("m")).rejects.toMatchObject({ docUrl: "http://api.test/docs/errors#not_found" });
    await expect(sg.sms.status("m")).rejects.toMatchObject({ docUrl: "https://x.test/docs/errors#a" });
  });

  it("an answer that is not the API's error shape is unexpected_response", async () => {
    const { sg } = client([new Response("<html>Bad gateway</html>", { status: 502 })], { maxRetries: 0 });
    await expect(sg.sms.status("m")).rejects.toMatchObject({ status: 502, code: "unexpected_response" });
  });

  it("a 2xx whose body is not JSON is unexpected_response too", async () => {
    const { sg } = client([new Response("<html>Welcome to the captive portal</html>", { status: 200 })]);
    await expect(sg.sms.status("m")).rejects.toMatchObject({ status: 200, code: "unexpected_response" });
  });
});

describe("time-outs and abort signals", () => {
  const hanging = (call: Call, signal: AbortSignal | undefined) =>
    new Promise<Response>((_, reject) => {
      void call;
      signal?.addEventListener("abort", () => reject(signal.reason as Error));
    });

  function hangingClient(options: { timeout?: number; maxRetries?: number } = {}) {
    let attempts = 0;
    const waits: number[] = [];
    const sg = new SignalGate({
      apiKey: "sg_test_x",
      baseUrl: "http://api.test",
      fetch: (url, init) => {
        attempts++;
        return hanging({ method: String(init.method), url, headers: {}, body: undefined }, init.signal ?? undefined);
      },
      sleep: async (ms) => {
        waits.push(ms);
      },
      ...options,
    });
    return { sg, attempts: () => attempts, waits };
  }

  it("an attempt that takes longer than timeout fails with code timeout (a GET is retried first)", async () => {
    const { sg, attempts, waits } = hangingClient({ timeout: 5 });
    await expect(sg.sms.status("msg_1")).rejects.toMatchObject({ status: 0, code: "timeout" });
    expect(attempts()).toBe(3);
    expect(waits).toEqual([500, 1000]);
  });

  it("the caller's signal aborts the call with its own reason, without retrying", async () => {
    const { sg, attempts } = hangingClient();
    const controller = new AbortController();
    const pending = sg.sms.status("msg_1", { signal: controller.signal });
    controller.abort(new Error("user went away"));
    await expect(pending).rejects.toThrow("user went away");
    expect(attempts()).toBe(1);
  });

  it("an aborted signal also cuts a wait before a retry short", async () => {
    const controller = new AbortController();
    const sg = new SignalGate({
      apiKey: "sg_test_x",
      baseUrl: "http://api.test",
      fetch: async () => rateLimited("60"),
      // The real sleep: the abort must end it long before 60 s.
    });
    const pending = sg.sms.send(SMS, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop waiting")), 20);
    await expect(pending).rejects.toThrow("stop waiting");
  });
});

describe("requests", () => {
  it("sends the API key, JSON, and the query without empty values", async () => {
    const { sg, calls } = client([json(200, []), json(200, [])]);
    await sg.sms.list({ status: "DELIVERED", limit: 10 }).firstPage();
    await sg.contacts.list({ tag: undefined }).firstPage();
    expect(calls[0]?.url).toBe("http://api.test/api/v1/sms?status=DELIVERED&limit=10");
    expect(calls[0]?.headers.authorization).toBe("Bearer sg_test_x");
    expect(calls[1]?.url).toBe("http://api.test/api/v1/contacts");
  });

  it("list() follows X-Next-Cursor until a page has none", async () => {
    const { sg, calls } = client([
      json(200, [{ messageId: "a" }, { messageId: "b" }], { "x-next-cursor": "c1" }),
      json(200, [{ messageId: "c" }], { "x-next-cursor": "c2" }),
      json(200, []),
    ]);
    const ids: string[] = [];
    for await (const m of sg.sms.list({ limit: 2 })) ids.push(m.messageId);
    expect(ids).toEqual(["a", "b", "c"]);
    expect(calls.map((c) => new URL(c.url).searchParams.get("cursor"))).toEqual([null, "c1", "c2"]);
  });

  it("ids are path segments, never paths", async () => {
    const { sg, calls } = client([json(200, {})]);
    await sg.sms.status("../../developer/api-keys");
    expect(calls[0]?.url).toBe("http://api.test/api/v1/sms/..%2F..%2Fdeveloper%2Fapi-keys/status");
  });

  it("an API key method without an API key says so", async () => {
    const sg = new SignalGate({ accessToken: "x.y.z", baseUrl: "http://api.test", fetch: fakeFetch([]).fetch });
    await expect(sg.sms.send(SMS)).rejects.toThrow("needs an apiKey");
  });
});

describe("in a browser", () => {
  it("refuses credentials unless dangerouslyAllowBrowser is set", () => {
    const g = globalThis as Record<string, unknown>;
    const had = { window: g.window, navigator: Object.getOwnPropertyDescriptor(globalThis, "navigator") };
    g.window = { document: {} };
    Object.defineProperty(globalThis, "navigator", { value: { userAgent: "test" }, configurable: true });
    try {
      expect(() => new SignalGate({ apiKey: "sg_live_x" })).toThrow("refusing to run in a browser");
      expect(() => new SignalGate({ refreshToken: "r" })).toThrow("refusing to run in a browser");
      expect(() => new SignalGate({ apiKey: "sg_live_x", dangerouslyAllowBrowser: true })).not.toThrow();
    } finally {
      g.window = had.window;
      if (had.navigator) Object.defineProperty(globalThis, "navigator", had.navigator);
    }
    expect(() => new SignalGate({ apiKey: "sg_live_x" })).not.toThrow();
  });
});
