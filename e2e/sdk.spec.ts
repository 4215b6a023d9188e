// The TypeScript SDK (sdk/) against the real production server: every method, the retry rule
// against the real rate limiter, an idempotent retry after a dropped connection, refresh-token
// rotation under concurrency and webhook signatures of real deliveries (the packed tarball is
// e2e/sdk-pack.spec.ts).
import { expect, test } from "@playwright/test";
import {
  constructEvent,
  isSignalGateError,
  SignalGate,
  SignalGateError,
  verifyWebhookSignature,
  type FetchLike,
} from "../sdk/src/index.js";
import { DATABASES, PASSWORD } from "./helpers";
import { ALL_PERMISSIONS, newAccount, recordingFetch, startReceiver } from "./sdk-helpers";

const TO = "+14155550123";

// These two touch most feature areas once, so they run on PostgreSQL as well (docs/testing.md).
for (const { suffix, baseUrl } of DATABASES) {
  test(`management methods: API keys, webhooks and deliveries, rate limits, audit log, billing, usage, pricing${suffix}`, async () => {
    test.setTimeout(90_000);
    const { management: sg } = await newAccount(baseUrl);
    const receiver = await startReceiver();
    try {
      // Rate limits first, so the calls below stay inside the organization's minute.
      const limits = await sg.rateLimits.get();
      expect(limits).toMatchObject({ perMinute: 100, perHour: 3000, perDay: 30000, enabled: true });
      expect(await sg.rateLimits.update({ perMinute: 500, perHour: 5000 })).toMatchObject({ perMinute: 500 });

      // API keys
      const created = await sg.apiKeys.create({ name: "sdk key", environment: "test", permissions: ["sms.send"] });
      expect(created.rawKey).toMatch(/^sg_test_/);
      expect((await sg.apiKeys.list()).map((k) => k.id)).toContain(created.id);
      expect(await sg.apiKeys.get(created.id)).toMatchObject({ id: created.id, name: "sdk key" });
      expect(await sg.apiKeys.update(created.id, { name: "renamed" })).toMatchObject({ name: "renamed" });
      expect(await sg.apiKeys.disable(created.id)).toMatchObject({ isActive: false });
      expect(await sg.apiKeys.enable(created.id)).toMatchObject({ isActive: true });
      const regenerated = await sg.apiKeys.regenerate(created.id);
      expect(regenerated.rawKey).not.toBe(created.rawKey);
      const oldKey = new SignalGate({ baseUrl, apiKey: created.rawKey, maxRetries: 0 });
      await expect(oldKey.sms.send({ to: TO, body: "x" })).rejects.toMatchObject({ status: 401 });
      await sg.apiKeys.delete(created.id);
      const gone = await sg.apiKeys.get(created.id).catch((e: unknown) => e);
      expect(isSignalGateError(gone, "getApiKey") && gone.code).toBe("not_found");

      // Webhooks and their deliveries
      const secret = "whsec_sdk_e2e_0123456789abcdefghijkl";
      const hook = await sg.webhooks.create({ name: "sdk hook", url: receiver.url, events: ["webhook.test"], secret });
      expect(hook).toMatchObject({ name: "sdk hook", hasSecret: true });
      expect((await sg.webhooks.list()).map((w) => w.id)).toEqual([hook.id]);
      expect(await sg.webhooks.get(hook.id)).toMatchObject({ url: receiver.url });
      expect(await sg.webhooks.update(hook.id, { name: "renamed hook" })).toMatchObject({ name: "renamed hook" });
      const tested = await sg.webhooks.test(hook.id);
      expect(tested).toMatchObject({ success: true, statusCode: 200 });
      const [testDelivery] = receiver.ofEvent("webhook.test");
      expect(testDelivery).toBeDefined();
      const event = constructEvent(testDelivery!.raw, testDelivery!.headers["x-webhook-signature"], secret);
      expect(event.event).toBe("webhook.test");
      if (event.event === "webhook.test") expect(event.payload.webhookId).toBe(hook.id);

      let deliveries = await sg.webhooks.deliveries.list(hook.id).toArray();
      await expect
        .poll(async () => (deliveries = await sg.webhooks.deliveries.list(hook.id).toArray()).length)
        .toBeGreaterThan(0);
      const delivery = deliveries[0]!;
      expect(delivery.event).toBe("webhook.test");
      const redelivered = await sg.webhooks.deliveries.redeliver(hook.id, delivery.id);
      expect(redelivered).toBeTruthy();
      await expect.poll(() => receiver.ofEvent("webhook.test").length).toBeGreaterThan(1);
      await sg.webhooks.delete(hook.id);
      expect(await sg.webhooks.list()).toEqual([]);

      // Audit log: the changes above, newest first, across pages of 2.
      const actions: string[] = [];
      for await (const entry of sg.auditLog.list({ limit: 2 })) actions.push(entry.action);
      expect(actions).toEqual(
        expect.arrayContaining(["apiKey.created", "apiKey.regenerated", "apiKey.deleted", "webhook.created"]),
      );
      const pages = [];
      for await (const page of sg.auditLog.list({ limit: 2 }).byPage()) pages.push(page);
      expect(pages.length).toBeGreaterThan(2);

      // Billing, statements, usage
      const billing = await sg.billing.get();
      expect(billing).toMatchObject({ currency: "USD", monthlySpendLimit: null });
      expect(await sg.billing.update({ monthlySpendLimit: "25.0000" })).toMatchObject({ monthlySpendLimit: "25.0000" });
      const statements = await sg.billing.statements.list();
      expect(Array.isArray(statements)).toBe(true);
      const period = billing.period.start.slice(0, 7);
      const statement = await sg.billing.statements.get(period).catch((e: unknown) => e);
      if (statement instanceof SignalGateError) expect(statement.code).toBe("not_found");
      else expect(statement).toMatchObject({ period });
      expect(await sg.usage.get()).toBeTruthy();

      // Pricing takes an access token too.
      expect((await sg.pricing.get("US")).country).toBe("US");
      expect((await sg.pricing.list()).countries.length).toBeGreaterThan(100);

      // Typed errors with the request id.
      const invalid = await sg.rateLimits.update({ perMinute: 10, perHour: 5 }).catch((e: unknown) => e);
      expect(invalid).toBeInstanceOf(SignalGateError);
      expect(invalid).toMatchObject({ status: 400, code: "invalid_request" });
      expect((invalid as SignalGateError).requestId).toMatch(/\S/);

      // Logout revokes the session; the client forgets its tokens.
      await sg.auth.logout();
      expect(sg.auth.current).toEqual({ accessToken: undefined, refreshToken: undefined });
    } finally {
      await receiver.close();
    }
  });

  test(`API key methods: SMS, OTP, analytics, pricing, contacts, opt-outs, numbers${suffix}`, async () => {
    test.setTimeout(90_000);
    const { management } = await newAccount(baseUrl);
    const key = await management.apiKeys.create({
      name: "all",
      environment: "test",
      permissions: [...ALL_PERMISSIONS],
    });
    const sg = new SignalGate({ baseUrl, apiKey: key.rawKey });

    // SMS: send, status through to DELIVERED, bulk and its batch, history across pages, quote.
    const sent = await sg.sms.send({ to: TO, body: "Hello from the SDK" });
    expect(sent).toMatchObject({ status: "QUEUED", to: TO, segments: 1, encoding: "GSM-7" });
    await expect.poll(async () => (await sg.sms.status(sent.messageId)).status, { timeout: 15_000 }).toBe("DELIVERED");
    const bulk = await sg.sms.bulk({
      messages: [
        { to: TO, body: "bulk 1" },
        { to: "+14155550124", body: "bulk 2" },
        { to: "0123", body: "refused" },
      ],
    });
    expect(bulk.batchId).toBeTruthy();
    const batch = await sg.sms.batch(bulk.batchId!);
    expect(batch.total).toBe(2);
    const history = [];
    for await (const m of sg.sms.list({ limit: 2 })) history.push(m.messageId);
    expect(history).toHaveLength(3);
    expect(new Set(history).size).toBe(3);
    expect(history).toContain(sent.messageId);
    const quote = await sg.sms.quote({ to: TO, body: "How much?" });
    expect(quote).toMatchObject({ segments: 1, currency: "USD", country: "US" });

    // OTP: the sandbox status shows the code's SMS body.
    const otp = await sg.otp.send({ to: "+14155550125", length: 6 });
    const otpBody = (await sg.sms.status(otp.messageId)).body ?? "";
    const code = /\d{6}/.exec(otpBody)?.[0];
    expect(code).toBeDefined();
    expect(await sg.otp.verify({ to: "+14155550125", code: "000000" === code ? "111111" : "000000" })).toMatchObject({
      valid: false,
    });
    expect(await sg.otp.verify({ to: "+14155550125", code: code! })).toEqual({ valid: true, status: "APPROVED" });

    // Analytics and pricing with the key.
    expect(await sg.analytics.messages()).toBeTruthy();
    expect(await sg.analytics.otp()).toBeTruthy();
    expect((await sg.pricing.get("GB")).country).toBe("GB");
    expect((await sg.pricing.list()).countries.length).toBeGreaterThan(100);

    // Contacts: CRUD, import, export; opt-outs; numbers.
    const contact = await sg.contacts.create({ phone: "+14155550130", firstName: "Ada", tags: ["vip"] });
    expect(await sg.contacts.get(contact.id)).toMatchObject({ phone: "+14155550130", firstName: "Ada" });
    expect(await sg.contacts.update(contact.id, { lastName: "Lovelace" })).toMatchObject({ lastName: "Lovelace" });
    const imported = await sg.contacts.import(
      "phone,first_name\n+14155550131,Grace\n+14155550132,Alan\nnot-a-number,X\n",
    );
    await expect
      .poll(async () => (await sg.contacts.getImport(imported.id)).status, { timeout: 20_000 })
      .toBe("COMPLETED");
    expect(await sg.contacts.getImport(imported.id)).toMatchObject({ created: 2, skipped: 1 });
    const phones = [];
    for await (const c of sg.contacts.list({ limit: 1 })) phones.push(c.phone);
    expect(phones.sort()).toEqual(["+14155550130", "+14155550131", "+14155550132"]);
    expect((await sg.contacts.list({ tag: "vip" }).toArray()).map((c) => c.id)).toEqual([contact.id]);
    const csv = await sg.contacts.export();
    expect(csv.split("\n")[0]).toContain("phone");
    expect(csv).toContain("+14155550131");
    await sg.contacts.delete(contact.id);
    await expect(sg.contacts.get(contact.id)).rejects.toMatchObject({ status: 404, code: "not_found" });

    const optOut = await sg.optOuts.create({ phone: "+14155550140" });
    expect(optOut).toMatchObject({ phone: "+14155550140" });
    expect((await sg.optOuts.list().toArray()).map((o) => o.phone)).toEqual(["+14155550140"]);
    await sg.optOuts.delete("+14155550140");
    expect(await sg.optOuts.list().toArray()).toEqual([]);
    expect(await sg.numbers.list()).toEqual([]);

    // Typed errors: code, status, requestId, details.
    const bad = await sg.sms.send({ to: "0123", body: "x" }).catch((e: unknown) => e);
    expect(isSignalGateError(bad, "sendSms")).toBe(true);
    expect(bad).toMatchObject({ status: 400, code: "invalid_phone_number" });
    expect((bad as SignalGateError).requestId).toMatch(/\S/);
    const invalid = await sg.sms.send({ to: TO, body: "" }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, code: "invalid_request" });
    expect((invalid as SignalGateError).details?.[0]?.path).toBe("body");

    // A refusal by the organization's spend controls (not in the document's list for sendSms yet).
    await management.billing.update({ allowedCountries: ["GB"] });
    await expect(sg.sms.send({ to: TO, body: "to the US" })).rejects.toMatchObject({
      status: 400,
      code: "country_not_allowed",
    });
  });
}

test("429: waits Retry-After × 1000 × 2^attempt before each retry, counted by an injected sleep", async ({
  baseURL,
}) => {
  const baseUrl = baseURL ?? "";
  const { management } = await newAccount(baseUrl);
  const key = await management.apiKeys.create({ name: "limited", environment: "test", permissions: ["sms.send"] });
  // One request per minute for all of the organization's traffic: this minute already holds two.
  await management.rateLimits.update({ perMinute: 1 });

  const waits: number[] = [];
  const { fetch, log } = recordingFetch();
  const sg = new SignalGate({
    baseUrl,
    apiKey: key.rawKey,
    fetch,
    maxRetries: 2,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  const err = await sg.sms.send({ to: TO, body: "throttled" }).catch((e: unknown) => e);
  expect(err).toMatchObject({ status: 429, code: "rate_limited" });
  expect(log.map((r) => r.status)).toEqual([429, 429, 429]);
  const retryAfter = log.map((r) => Number(r.headers.get("retry-after")));
  for (const seconds of retryAfter) expect(seconds).toBeGreaterThan(0);
  // Retry number 0 waits Retry-After × 1000, retry number 1 twice its Retry-After × 1000.
  expect(waits).toEqual([retryAfter[0]! * 1000, retryAfter[1]! * 1000 * 2]);
  // The same Idempotency-Key on every attempt.
  expect(new Set(log.map((r) => r.requestHeaders.get("idempotency-key"))).size).toBe(1);

  // maxRetries: 0 disables retrying.
  const once = recordingFetch();
  const noRetry = new SignalGate({
    baseUrl,
    apiKey: key.rawKey,
    fetch: once.fetch,
    maxRetries: 0,
    sleep: async () => {},
  });
  await expect(noRetry.sms.status("msg_x")).rejects.toMatchObject({ status: 429 });
  expect(once.log).toHaveLength(1);
});

test("a send whose answer is lost is retried with its key and creates exactly one message", async ({ baseURL }) => {
  const baseUrl = baseURL ?? "";
  const { management } = await newAccount(baseUrl);
  const key = await management.apiKeys.create({
    name: "flaky",
    environment: "test",
    permissions: ["sms.send", "sms.read", "otp.send"],
  });
  // The first send reaches the server and is accepted, then the connection "drops" before the answer is read.
  const { fetch: recorded, log } = recordingFetch();
  const dropped = new Set<string>();
  const dropFirstSend: FetchLike = async (url, init) => {
    const res = await recorded(url, init);
    const path = new URL(url).pathname;
    if (path.endsWith("/send") && !dropped.has(path)) {
      dropped.add(path);
      await res.arrayBuffer();
      throw new TypeError("fetch failed: socket hang up");
    }
    return res;
  };
  const waits: number[] = [];
  const sg = new SignalGate({
    baseUrl,
    apiKey: key.rawKey,
    fetch: dropFirstSend,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  const sent = await sg.sms.send({ to: TO, body: "exactly once" });
  const sends = log.filter((r) => r.path === "/api/v1/sms/send");
  expect(sends.map((r) => r.status)).toEqual([202, 202]);
  expect(sends[1]!.headers.get("idempotent-replayed")).toBe("true");
  expect(sends[0]!.requestHeaders.get("idempotency-key")).toBe(sends[1]!.requestHeaders.get("idempotency-key"));
  expect(waits).toEqual([500]);
  const all = await sg.sms.list().toArray();
  expect(all.map((m) => m.messageId)).toEqual([sent.messageId]);

  // An OTP send the same way: one code, one message.
  const otp = await sg.otp.send({ to: TO });
  const otpSends = log.filter((r) => r.path === "/api/v1/otp/send");
  expect(otpSends.map((r) => r.status)).toEqual([202, 202]);
  expect((await sg.sms.list().toArray()).map((m) => m.messageId).sort()).toEqual(
    [sent.messageId, otp.messageId].sort(),
  );
});

test("refresh-token rotation: two concurrent calls share one refresh; the rotated token is never used twice", async ({
  baseURL,
}) => {
  const baseUrl = baseURL ?? "";
  const { email } = await newAccount(baseUrl);
  const tokenRes = await fetch(`${baseUrl}/api/v1/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const pair = (await tokenRes.json()) as { accessToken: string; refreshToken: string };

  // Only a refresh token: both calls need an access token at once.
  const { fetch: recorded, log } = recordingFetch();
  const rotations: string[] = [];
  const sg = new SignalGate({
    baseUrl,
    refreshToken: pair.refreshToken,
    fetch: recorded,
    onTokens: (t) => rotations.push(t.refreshToken),
  });
  const [keys, hooks] = await Promise.all([sg.apiKeys.list(), sg.webhooks.list()]);
  expect(keys).toEqual([]);
  expect(hooks).toEqual([]);
  expect(log.filter((r) => r.path === "/api/v1/auth/refresh").map((r) => r.status)).toEqual([200]);
  expect(rotations).toHaveLength(1);
  expect(sg.auth.current.refreshToken).toBe(rotations[0]);

  // A refused access token (here: not a token at all) is renewed once for both calls.
  const stale = recordingFetch();
  const sg2 = new SignalGate({ baseUrl, accessToken: "a.b.c", refreshToken: rotations[0], fetch: stale.fetch });
  await Promise.all([sg2.rateLimits.get(), sg2.billing.get()]);
  expect(stale.log.filter((r) => r.path === "/api/v1/auth/refresh").map((r) => r.status)).toEqual([200]);
  // Each call: refused once, then answered (in whichever order the two finish).
  const statuses = stale.log.filter((r) => r.path.startsWith("/api/v1/developer")).map((r) => r.status);
  expect(statuses.sort()).toEqual([200, 200, 401, 401]);

  // The session is intact (a reused refresh token would have revoked it): the newest token still works.
  const resumed = new SignalGate({ baseUrl, refreshToken: sg2.auth.current.refreshToken });
  expect(await resumed.apiKeys.list()).toEqual([]);
  // And the first one is spent: the server says it was reused.
  const reused = await new SignalGate({ baseUrl, refreshToken: pair.refreshToken }).apiKeys.list().catch((e) => e);
  expect(reused).toMatchObject({ status: 401, code: "refresh_token_reused" });
});

test("webhook signatures of real deliveries: message.delivered verifies and types its payload", async ({ baseURL }) => {
  test.setTimeout(60_000);
  const baseUrl = baseURL ?? "";
  const receiver = await startReceiver();
  try {
    const { management } = await newAccount(baseUrl);
    const secret = "whsec_delivered_0123456789abcdefghij";
    await management.webhooks.create({
      name: "d",
      url: receiver.url,
      events: ["message.delivered", "sms.failed"],
      secret,
    });
    const key = await management.apiKeys.create({ name: "k", environment: "test", permissions: ["sms.send"] });
    const sg = new SignalGate({ baseUrl, apiKey: key.rawKey });
    const sent = await sg.sms.send({ to: TO, body: "Signed, sealed, délivré 👋" });
    const failed = await sg.sms.send({ to: "+15005550001", body: "fails" });

    await expect.poll(() => receiver.ofEvent("message.delivered").length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => receiver.ofEvent("sms.failed").length, { timeout: 20_000 }).toBe(1);
    const delivered = receiver.ofEvent("message.delivered")[0]!;
    const header = delivered.headers["x-webhook-signature"];
    expect(verifyWebhookSignature(delivered.raw, header, secret)).toBe(true);
    expect(verifyWebhookSignature(delivered.raw.toString("utf8"), header, secret)).toBe(true);
    expect(verifyWebhookSignature(delivered.raw, header, "whsec_wrong")).toBe(false);
    expect(verifyWebhookSignature(Buffer.concat([delivered.raw, Buffer.from(" ")]), header, secret)).toBe(false);
    const event = constructEvent(delivered.raw, header, secret);
    if (event.event !== "message.delivered") throw new Error(`unexpected ${event.event}`);
    expect(event.id).toBe(delivered.headers["x-webhook-id"]);
    expect(event.payload).toMatchObject({ messageId: sent.messageId, status: "DELIVERED", to: TO });
    expect(event.payload.deliveredAt).toBeTruthy();

    const alias = receiver.ofEvent("sms.failed")[0]!;
    const failure = constructEvent(alias.raw, alias.headers["x-webhook-signature"], secret);
    if (failure.event !== "sms.failed") throw new Error(`unexpected ${failure.event}`);
    expect(failure.payload).toMatchObject({
      messageId: failed.messageId,
      status: "FAILED",
      errorCode: "invalid_number",
    });
  } finally {
    await receiver.close();
  }
});
