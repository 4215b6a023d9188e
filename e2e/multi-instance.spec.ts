// Two production servers sharing one PostgreSQL (ports E2E_PORT+1 and +2, by default 3101 and 3102, started by the Playwright
// config when a PostgreSQL is available): what one instance changes, the other must honour at once.
import { expect, test } from "@playwright/test";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { createKey, expectError, registerAndLogin, SMS, expectAccepted } from "./helpers";

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const A = `http://127.0.0.1:${BASE_PORT + 1}`;
const B = `http://127.0.0.1:${BASE_PORT + 2}`;

test.skip(!process.env.TEST_DATABASE_URL, "needs PostgreSQL (npm test provides one)");

test("disable, enable, regenerate and delete on one instance take effect on the other's very next request", async ({
  request,
}) => {
  const { accessToken } = await registerAndLogin(request, A);
  const manage = { authorization: `Bearer ${accessToken}` };
  const key = await createKey(request, accessToken, {}, A);
  const send = (rawKey: string) =>
    request.post(`${B}/api/v1/sms/send`, { headers: { authorization: `Bearer ${rawKey}` }, data: SMS });

  // B has the key cached after this call.
  await expectAccepted(await send(key.rawKey));

  expect((await request.post(`${A}/api/v1/developer/api-keys/${key.id}/disable`, { headers: manage })).status()).toBe(
    200,
  );
  await expectError(await send(key.rawKey), 401, "key_disabled");

  expect((await request.post(`${A}/api/v1/developer/api-keys/${key.id}/enable`, { headers: manage })).status()).toBe(
    200,
  );
  await expectAccepted(await send(key.rawKey));

  const regen = await request.post(`${A}/api/v1/developer/api-keys/${key.id}/regenerate`, {
    headers: manage,
    data: { id: key.id },
  });
  expect(regen.status()).toBe(200);
  const { rawKey } = await regen.json();
  await expectError(await send(key.rawKey), 401, "unauthenticated");
  await expectAccepted(await send(rawKey));

  expect((await request.delete(`${A}/api/v1/developer/api-keys/${key.id}`, { headers: manage })).status()).toBe(204);
  await expectError(await send(rawKey), 401, "unauthenticated");
});

test("5N concurrent requests over two instances give exactly N successes", async ({ request }) => {
  const { accessToken } = await registerAndLogin(request, A);
  const key = await createKey(request, accessToken, {}, A);
  const headers = { authorization: `Bearer ${key.rawKey}` };
  const data = { messages: [SMS] };
  // sms.bulk allows 10 per minute.
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, i) => request.post(`${i % 2 ? A : B}/api/v1/sms/bulk`, { headers, data })),
  );
  const statuses = responses.map((r) => r.status());
  expect(statuses.filter((s) => s === 202)).toHaveLength(10);
  expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  const limited = responses.find((r) => r.status() === 429)!;
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
  expect(limited.headers()["x-ratelimit-remaining"]).toBe("0");
});

test("the same Idempotency-Key sent to both instances at once creates exactly one message", async ({ request }) => {
  const { accessToken } = await registerAndLogin(request, A);
  const key = await createKey(request, accessToken, {}, A);
  const db = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await db.connect();
  try {
    for (let round = 0; round < 5; round++) {
      const body = `idempotent round ${round} ${Date.now()}`;
      const headers = { authorization: `Bearer ${key.rawKey}`, "idempotency-key": `order-${round}-${Date.now()}` };
      const responses = await Promise.all(
        [A, B, A, B].map((base) => request.post(`${base}/api/v1/sms/send`, { headers, data: { ...SMS, body } })),
      );
      const statuses = responses.map((r) => r.status());
      expect(
        statuses.every((s) => s === 202 || s === 409),
        statuses.join(","),
      ).toBe(true);
      const ids = new Set(
        await Promise.all(responses.filter((r) => r.status() === 202).map(async (r) => (await r.json()).messageId)),
      );
      expect(ids.size).toBe(1);
      // Once the first has finished, every retry on either instance replays it.
      const replay = await request.post(`${B}/api/v1/sms/send`, { headers, data: { ...SMS, body } });
      expect(replay.headers()["idempotent-replayed"]).toBe("true");
      expect((await replay.json()).messageId).toBe([...ids][0]);
      const { rows } = await db.query("SELECT count(*)::int AS n FROM messages WHERE body = $1", [body]);
      expect(rows[0].n).toBe(1);
    }
  } finally {
    await db.end();
  }
});

test("a message accepted by one instance is delivered by the pipelines and readable on the other", async ({
  request,
}) => {
  const { accessToken } = await registerAndLogin(request, A);
  const key = await createKey(request, accessToken, {}, A);
  const headers = { authorization: `Bearer ${key.rawKey}` };
  const batch = await expectAccepted(
    await request.post(`${A}/api/v1/sms/bulk`, {
      headers,
      data: { messages: Array.from({ length: 20 }, (_, i) => ({ to: SMS.to, body: `multi ${i}` })) },
    }),
  );
  const ids = (batch.messages as { messageId: string }[]).map((m) => m.messageId);
  const statusOn = async (base: string, id: string) =>
    (await (await request.get(`${base}/api/v1/sms/${id}/status`, { headers })).json()).status as string;
  // Poll one (the status route allows 60 reads a minute), then read every one once on each instance.
  await expect.poll(() => statusOn(B, ids.at(-1)!), { timeout: 15_000, intervals: [500] }).toBe("DELIVERED");
  for (const id of ids) expect(await statusOn(id.endsWith("0") ? A : B, id)).toBe("DELIVERED");
});

test("two instances deliver every webhook event exactly once between them", async ({ request }) => {
  const received: { id: string; at: number }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ id: String(req.headers["x-webhook-id"]), at: Date.now() });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as AddressInfo;
  try {
    const { accessToken } = await registerAndLogin(request, A);
    const manage = { authorization: `Bearer ${accessToken}` };
    const hook = await request.post(`${B}/api/v1/developer/webhooks`, {
      headers: manage,
      data: { name: "both", url: `http://127.0.0.1:${port}/hook`, events: ["*"] },
    });
    expect(hook.status()).toBe(201);
    const key = await createKey(request, accessToken, {}, A);
    const headers = { authorization: `Bearer ${key.rawKey}` };
    // 2 × 25 messages, each with queued, sent and delivered events: 150 events, relayed and
    // delivered by whichever instance claims them.
    for (const base of [A, B]) {
      await expectAccepted(
        await request.post(`${base}/api/v1/sms/bulk`, {
          headers,
          data: { messages: Array.from({ length: 25 }, (_, i) => ({ to: SMS.to, body: `hook ${i}` })) },
        }),
      );
    }
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(150);
    await new Promise((r) => setTimeout(r, 1000)); // anything duplicated would arrive by now
    const ids = received.map((r) => r.id);
    expect(ids).toHaveLength(150);
    expect(new Set(ids).size).toBe(150);
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test("a spend limit of N messages' price, 4N concurrent live sends over both instances: exactly N accepted", async ({
  request,
}) => {
  const N = 30;
  const US_PRICE = 79; // units of 1/10,000 USD: one segment to +1 (data/sms-prices-*.csv)
  const { accessToken } = await registerAndLogin(request, A);
  const manage = { authorization: `Bearer ${accessToken}` };
  // Only the spend limit may refuse: the rate limits are lifted.
  expect(
    (await request.patch(`${B}/api/v1/developer/rate-limits`, { headers: manage, data: { enabled: false } })).status(),
  ).toBe(200);
  const limit = `0.${String(N * US_PRICE).padStart(4, "0")}`;
  const billing = await request.patch(`${A}/api/v1/developer/billing`, {
    headers: manage,
    data: { monthlySpendLimit: limit },
  });
  expect(billing.status()).toBe(200);
  const key = await createKey(request, accessToken, { environment: "live" }, A);
  const headers = { authorization: `Bearer ${key.rawKey}` };

  // 2N single sends and N/2 bulks of 4: 4N messages, all in flight at once, alternating instances.
  const singles = Array.from({ length: 2 * N }, (_, i) =>
    request.post(`${i % 2 ? A : B}/api/v1/sms/send`, { headers, data: { ...SMS, body: `single ${i}` } }),
  );
  const bulks = Array.from({ length: N / 2 }, (_, i) =>
    request.post(`${i % 2 ? B : A}/api/v1/sms/bulk`, {
      headers,
      data: { messages: Array.from({ length: 4 }, (_, j) => ({ ...SMS, body: `bulk ${i}.${j}` })) },
    }),
  );
  const [singleResponses, bulkResponses] = await Promise.all([Promise.all(singles), Promise.all(bulks)]);

  let accepted = 0;
  for (const res of singleResponses) {
    if (res.status() === 202) accepted++;
    else await expectError(res, 402, "spending_limit_reached");
  }
  for (const res of bulkResponses) {
    const body = await expectAccepted(res);
    accepted += body.accepted;
    expect(body.accepted + body.rejected).toBe(4);
    for (const e of body.errors as { code: string }[]) expect(e.code).toBe("spending_limit_reached");
  }
  expect(accepted).toBe(N);

  // The database agrees: N billed messages, and the month's spend is exactly the limit.
  const db = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string; units: string; spend: string }>(
      `SELECT count(*) AS n, sum(m.price_units) AS units,
              (SELECT spend_units FROM billing_months b WHERE b.organization_id = k.organization_id
                ORDER BY month DESC LIMIT 1) AS spend
       FROM api_keys k JOIN messages m ON m.api_key_id = k.id WHERE k.id = $1 GROUP BY k.organization_id`,
      [key.id],
    );
    expect(rows[0]).toEqual({ n: String(N), units: String(N * US_PRICE), spend: String(N * US_PRICE) });
  } finally {
    await db.end();
  }
  const after = await (await request.get(`${B}/api/v1/developer/billing`, { headers: manage })).json();
  expect(after.monthToDate).toMatchObject({ spend: limit, messages: N });
});
