// Two production servers sharing one PostgreSQL (ports 3101 and 3102, started by the Playwright
// config when a PostgreSQL is available): what one instance changes, the other must honour at once.
import { expect, test } from "@playwright/test";
import pg from "pg";
import { createKey, expectError, registerAndLogin, SMS, expectAccepted } from "./helpers";

const A = "http://127.0.0.1:3101";
const B = "http://127.0.0.1:3102";

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
