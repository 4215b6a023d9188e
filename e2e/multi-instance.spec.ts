// Two production servers sharing one PostgreSQL (ports 3101 and 3102, started by the Playwright
// config when a PostgreSQL is available): what one instance changes, the other must honour at once.
import { expect, test } from "@playwright/test";
import { createKey, expectError, registerAndLogin, SMS } from "./helpers";

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
  await expectError(await send(key.rawKey), 501, "not_implemented");

  expect((await request.post(`${A}/api/v1/developer/api-keys/${key.id}/disable`, { headers: manage })).status()).toBe(
    200,
  );
  await expectError(await send(key.rawKey), 401, "key_disabled");

  expect((await request.post(`${A}/api/v1/developer/api-keys/${key.id}/enable`, { headers: manage })).status()).toBe(
    200,
  );
  await expectError(await send(key.rawKey), 501, "not_implemented");

  const regen = await request.post(`${A}/api/v1/developer/api-keys/${key.id}/regenerate`, {
    headers: manage,
    data: { id: key.id },
  });
  expect(regen.status()).toBe(200);
  const { rawKey } = await regen.json();
  await expectError(await send(key.rawKey), 401, "unauthenticated");
  await expectError(await send(rawKey), 501, "not_implemented");

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
  expect(statuses.filter((s) => s === 501)).toHaveLength(10);
  expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  const limited = responses.find((r) => r.status() === 429)!;
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
  expect(limited.headers()["x-ratelimit-remaining"]).toBe("0");
});
