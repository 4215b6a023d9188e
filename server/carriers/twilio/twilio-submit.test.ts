import { describe, expect, it } from "vitest";
import { MESSAGE_ID_PARAM } from "./status-callback";
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  carrier,
  message,
  submitOne,
  TO,
  toClose,
  twilio,
  setupTestTwilio,
} from "./test-helpers";
import { startTestTwilioServer } from "./test-twilio-server";
import { parseRetryAfter } from "./twilio-carrier";

setupTestTwilio();

describe("TwilioCarrier.submit", () => {
  it("posts the Messages API form with basic auth and answers accepted with Twilio's sid", async () => {
    let fetchCalls = 0;
    const c = carrier({
      fetch: (input, init) => {
        fetchCalls++;
        return fetch(input, init);
      },
    });
    const m = message();
    const result = await submitOne(c, m);

    expect(twilio.created).toHaveLength(1);
    const created = twilio.created[0]!;
    expect(created.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(result).toEqual({ messageId: m.id, outcome: "accepted", providerMessageId: created.sid });
    expect(c.name).toBe("twilio");
    expect(fetchCalls).toBe(1);

    const [request] = twilio.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    const expectedAuth = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`;
    expect(request!.headers.authorization).toBe(expectedAuth);
    expect(request!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.keys(request!.form).sort()).toEqual(["Body", "From", "StatusCallback", "To"]);
    expect(request!.form).toMatchObject({ To: m.to, From: m.from, Body: m.body });
    expect(request!.form.StatusCallback).toBe(
      `https://signalgate.example/api/carriers/twilio/status?${MESSAGE_ID_PARAM}=${m.id}`,
    );
  });

  it("wrong credentials (401) → retry with a configuration error, and stops sending the rest of the batch", async () => {
    // A 401 is our configuration, not the message: `rejected` would fail every message for good.
    const c = carrier({ authToken: "wrong-token", concurrency: 1 });
    const batch = [message(), message(), message()];
    const results = await c.submit(batch);

    expect(twilio.requests).toHaveLength(1);
    expect(twilio.requests[0]!.authorized).toBe(false);
    expect(twilio.created).toHaveLength(0);
    expect(results.map((r) => r.outcome)).toEqual(["retry", "retry", "retry"]);
    expect(results.map((r) => r.messageId)).toEqual(batch.map((m) => m.id));
    for (const r of results) {
      expect(r).toMatchObject({ errorMessage: expect.stringContaining("HTTP 401") });
      expect(r).toMatchObject({ errorMessage: expect.stringContaining("auth token") });
      expect(r).toMatchObject({ errorMessage: expect.stringContaining("Twilio 20003") });
    }
  });

  it("21211 (invalid To) and 21614 (not mobile) → rejected invalid_number with Twilio's code", async () => {
    twilio.program("+14155550999", {
      kind: "error",
      status: 400,
      code: 21614,
      message: "'To' number is not a valid mobile number",
    });
    const bad = message("+1555"); // the test server answers 21211 for a non-E.164 To
    const landline = message("+14155550999");
    const [r1, r2] = await carrier().submit([bad, landline]);

    expect(r1).toEqual({
      messageId: bad.id,
      outcome: "rejected",
      errorCode: "invalid_number",
      errorMessage: "Twilio 21211: The 'To' number +1555 is not a valid phone number.",
    });
    expect(r2).toMatchObject({ messageId: landline.id, outcome: "rejected", errorCode: "invalid_number" });
    expect(r2).toMatchObject({ errorMessage: expect.stringMatching(/^Twilio 21614: /) });
    expect(twilio.requests).toHaveLength(2); // not retried
  });

  it("another 4xx → rejected carrier_rejected with the code, not retried", async () => {
    twilio.program(TO, {
      kind: "error",
      status: 400,
      code: 21610,
      message: "Attempt to send to unsubscribed recipient",
    });
    const m = message();
    const result = await submitOne(carrier(), m);
    expect(result).toEqual({
      messageId: m.id,
      outcome: "rejected",
      errorCode: "carrier_rejected",
      errorMessage: "Twilio 21610: Attempt to send to unsubscribed recipient",
    });
    expect(twilio.requestsTo(TO)).toHaveLength(1);
  });

  it("429 with Retry-After, then success → accepted once after waiting; the server sees exactly 2 requests", async () => {
    twilio.program(TO, { kind: "error", status: 429, code: 20429, message: "Too Many Requests", retryAfter: "1" });
    const m = message();
    const started = Date.now();
    const result = await submitOne(carrier({ maxRetries: 2 }), m);

    expect(result).toMatchObject({ messageId: m.id, outcome: "accepted", providerMessageId: twilio.created[0]!.sid });
    expect(twilio.requestsTo(TO)).toHaveLength(2);
    expect(twilio.created).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950); // Retry-After: 1 honoured (backoff is 10 ms)
  });

  it("a Retry-After longer than maxBackoffMs is not waited for: throttled at once with retryAfterMs", async () => {
    twilio.program(TO, { kind: "error", status: 429, code: 20429, message: "Too Many Requests", retryAfter: "120" });
    const m = message();
    const result = await submitOne(carrier({ maxBackoffMs: 1_000 }), m);
    expect(result).toEqual({
      messageId: m.id,
      outcome: "retry",
      errorMessage: "Twilio 20429: Too Many Requests",
      retryAfterMs: 120_000,
      throttled: true, // a throttle: the pipeline does not count the attempt
    });
    expect(twilio.requestsTo(TO)).toHaveLength(1);
  });

  it("500 on every attempt → retried maxRetries times, then answered retry", async () => {
    const error = { kind: "error", status: 500, code: 20500, message: "Internal Server Error" } as const;
    twilio.program(TO, error, error, error, error);
    const m = message();
    const result = await submitOne(carrier({ maxRetries: 2 }), m);
    expect(result).toEqual({ messageId: m.id, outcome: "retry", errorMessage: "Twilio 20500: Internal Server Error" });
    expect(twilio.requestsTo(TO)).toHaveLength(3); // 1 + maxRetries
    expect(twilio.created).toHaveLength(0);
  });

  it("a hanging request times out, is retried, and is answered retry (never throws)", async () => {
    twilio.program(TO, { kind: "hang" }, { kind: "hang" });
    const m = message();
    const result = await submitOne(carrier({ timeoutMs: 250, maxRetries: 1 }), m);
    expect(result).toMatchObject({ messageId: m.id, outcome: "retry" });
    expect(result).toMatchObject({ errorMessage: expect.stringContaining("did not answer within 250 ms") });
    expect(twilio.requestsTo(TO)).toHaveLength(2);
  });

  it("an unreachable provider (connection refused) → retry", async () => {
    const closed = await startTestTwilioServer({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    const baseUrl = closed.baseUrl;
    await closed.close();
    const m = message();
    const result = await submitOne(carrier({ baseUrl, maxRetries: 1 }), m);
    expect(result).toMatchObject({ messageId: m.id, outcome: "retry" });
    expect(result).toMatchObject({ errorMessage: expect.stringContaining("Could not reach Twilio") });
    // Nothing was sent: another provider may take it.
    expect(result).not.toHaveProperty("maybeTaken");
  });

  it("a time-out on every attempt is answered retry marked maybe taken (it must not fail over)", async () => {
    twilio.program(TO, { kind: "hang" }, { kind: "error", status: 503 });
    const m = message();
    const result = await submitOne(carrier({ timeoutMs: 150, maxRetries: 1 }), m);
    // The 503 on the second attempt is definite, but the first may have created the message.
    expect(result).toMatchObject({ outcome: "retry", maybeTaken: true });
  });

  it("a time-out after Twilio took the message is ambiguous: the retry sends it again (at-least-once)", async () => {
    // Twilio creates the message but answers after our time-out; the retry creates a second one.
    twilio.program(TO, { kind: "accept", delayMs: 600 }, { kind: "accept" });
    const m = message();
    const result = await submitOne(carrier({ timeoutMs: 200, maxRetries: 1 }), m);
    expect(result).toMatchObject({ outcome: "accepted", providerMessageId: twilio.created[1]!.sid });
    expect(twilio.created).toHaveLength(2);
    // Both copies name our message in their StatusCallback, so their callbacks are attributable.
    for (const c of twilio.created) expect(c.statusCallback).toContain(`${MESSAGE_ID_PARAM}=${m.id}`);
  });

  it("with an idempotency header a peer that honours it creates the message once across retries", async () => {
    const peer = await startTestTwilioServer({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      idempotencyHeader: "Idempotency-Key",
    });
    toClose.push(() => peer.close());
    peer.program(TO, { kind: "accept", delayMs: 600 }, { kind: "accept" });
    const m = message();
    const c = carrier({ baseUrl: peer.baseUrl, timeoutMs: 200, maxRetries: 1, idempotencyHeader: "Idempotency-Key" });
    const result = await submitOne(c, m);
    expect(peer.created).toHaveLength(1);
    expect(result).toMatchObject({ outcome: "accepted", providerMessageId: peer.created[0]!.sid });
    expect(peer.requests.map((r) => r.headers["idempotency-key"])).toEqual([m.id, m.id]);
  });

  it("respects the concurrency limit (measured by the server) and answers every message", async () => {
    twilio.setDefault({ kind: "accept", delayMs: 40 });
    const batch = Array.from({ length: 20 }, () => message());
    const results = await carrier({ concurrency: 4 }).submit(batch);
    expect(twilio.maxInFlight).toBe(4);
    expect(results.map((r) => r.messageId)).toEqual(batch.map((m) => m.id));
    expect(results.every((r) => r.outcome === "accepted")).toBe(true);
    expect(new Set(results.map((r) => (r.outcome === "accepted" ? r.providerMessageId : ""))).size).toBe(20);
  });

  it("stops starting requests when the submit time budget is spent", async () => {
    twilio.setDefault({ kind: "hang" });
    const batch = [message(), message(), message()];
    const results = await carrier({ concurrency: 1, timeoutMs: 400, maxRetries: 0, submitBudgetMs: 200 }).submit(batch);
    expect(results.map((r) => r.outcome)).toEqual(["retry", "retry", "retry"]);
    expect(results[1]).toMatchObject({ errorMessage: expect.stringContaining("time budget") });
    expect(twilio.requests).toHaveLength(1);
  });

  it("form-encodes unicode bodies exactly (UTF-8, application/x-www-form-urlencoded)", async () => {
    const body = "Hé 👋+&=\n日";
    const m = message(TO, body);
    await submitOne(carrier(), m);
    const [request] = twilio.requests;
    // Worked out by hand: é = C3 A9, 👋 (U+1F44B) = F0 9F 91 8B, 日 (U+65E5) = E6 97 A5, space = "+".
    expect(request!.rawBody).toContain("&Body=H%C3%A9+%F0%9F%91%8B%2B%26%3D%0A%E6%97%A5&");
    expect(request!.form.Body).toBe(body);
    expect(twilio.created[0]!.body).toBe(body);
  });

  it("rejects bad configuration at construction", () => {
    expect(() => carrier({ statusCallbackUrl: "/relative" })).toThrow();
    expect(() => carrier({ concurrency: 0 })).toThrow(/concurrency/);
    expect(() => carrier({ authToken: "" })).toThrow(/authToken/);
  });

  it("parses Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3_000);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:10 GMT", now)).toBe(10_000);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
