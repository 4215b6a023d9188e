// Receiving numbers (contract §10): the operator's routes behind OPERATOR_TOKEN, and an
// organization's own list behind an API key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/server/env";
import { call, expectError } from "@/server/test/http";
import { seedSender } from "@/server/test/messaging";
import { seedApiKey } from "@/server/test/seed";
import * as numbers from "./route";
import * as byNumber from "./[number]/route";
import * as own from "../../numbers/route";

const TOKEN = "op_" + "x".repeat(40);
const base = "/api/v1/operator/numbers";

function setToken(value: string | undefined) {
  if (value === undefined) delete process.env.OPERATOR_TOKEN;
  else process.env.OPERATOR_TOKEN = value;
  resetEnvForTests();
}

let org: Awaited<ReturnType<typeof seedSender>>;
let other: Awaited<ReturnType<typeof seedSender>>;
beforeAll(async () => {
  setToken(TOKEN);
  org = await seedSender();
  other = await seedSender();
});
afterAll(() => setToken(undefined));

const assign = (body: unknown, token = TOKEN) => call(numbers.POST, base, { token, body });
const release = (n: string, token = TOKEN) =>
  call(byNumber.DELETE, `${base}/${encodeURIComponent(n)}`, {
    token,
    method: "DELETE",
    params: { number: encodeURIComponent(n) },
  });

// Every operator route, for the authentication table below.
const OPERATOR_ROUTES = [
  { name: "GET /operator/numbers", run: (token?: string) => call(numbers.GET, base, { token }) },
  {
    name: "POST /operator/numbers",
    run: (token?: string) =>
      call(numbers.POST, base, { token, body: { number: "+14155553999", organizationId: "org_x" } }),
  },
  {
    name: "DELETE /operator/numbers/:number",
    run: (token?: string) =>
      call(byNumber.DELETE, `${base}/+14155553998`, { token, method: "DELETE", params: { number: "+14155553998" } }),
  },
];

describe.each(OPERATOR_ROUTES)("operator route $name", (route) => {
  it("answers 404 while OPERATOR_TOKEN is unset, whatever the credential", async () => {
    setToken(undefined);
    try {
      expectError(await route.run(TOKEN), 404, "not_found");
      expectError(await route.run(), 404, "not_found");
    } finally {
      setToken(TOKEN);
    }
  });

  it("refuses a missing or wrong token, and an API key", async () => {
    expectError(await route.run(), 401, "unauthenticated");
    expectError(await route.run(TOKEN + "y"), 401, "unauthenticated");
    expectError(await route.run("x".repeat(43)), 401, "unauthenticated");
    expectError(await route.run(org.testKey), 401, "unauthenticated");
  });
});

describe("assigning numbers", () => {
  it("assigns, lists, refuses a second owner with 409 number_taken, and releases", async () => {
    const res = await assign({ number: "+14155553001", organizationId: org.organizationId });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      number: "+14155553001",
      organizationId: org.organizationId,
      type: "long_code",
      mps: 1,
      createdAt: expect.any(String),
    });
    expect((await assign({ number: "12345", organizationId: org.organizationId })).status).toBe(201);
    expectError(await assign({ number: "+14155553001", organizationId: other.organizationId }), 409, "number_taken");
    expectError(await assign({ number: "+14155553001", organizationId: org.organizationId }), 409, "number_taken");

    const all = (await call(numbers.GET, base, { token: TOKEN })).json.map((n: { number: string }) => n.number);
    expect(all).toEqual(expect.arrayContaining(["+14155553001", "12345"]));

    const mine = await call(own.GET, "/api/v1/numbers", { token: org.testKey });
    expect(mine.json.map((n: { number: string }) => n.number)).toEqual(["+14155553001", "12345"].sort());
    expect((await call(own.GET, "/api/v1/numbers", { token: other.testKey })).json).toEqual([]);

    expect((await release("+14155553001")).status).toBe(204);
    expectError(await release("+14155553001"), 404, "not_found");
    expect((await assign({ number: "+14155553001", organizationId: other.organizationId })).status).toBe(201);
  });

  it("gives a number a type and throughput from its shape, or as the operator says, and changes them (contract §15)", async () => {
    const tollFree = await assign({ number: "+18005553003", organizationId: org.organizationId });
    expect(tollFree.json).toMatchObject({ type: "toll_free", mps: 3 });
    const short = await assign({ number: "55503", organizationId: org.organizationId });
    expect(short.json).toMatchObject({ type: "short_code", mps: 100 });
    const given = await assign({ number: "+14155553004", organizationId: org.organizationId, mps: 2.5 });
    expect(given.json).toMatchObject({ type: "long_code", mps: 2.5 });

    const patch = (n: string, body: unknown) =>
      call(byNumber.PATCH, `${base}/${encodeURIComponent(n)}`, {
        token: TOKEN,
        method: "PATCH",
        body,
        params: { number: encodeURIComponent(n) },
      });
    expect((await patch("+14155553004", { mps: 0.5 })).json).toMatchObject({ type: "long_code", mps: 0.5 });
    expect((await patch("+14155553004", { type: "toll_free" })).json).toMatchObject({ type: "toll_free", mps: 3 });
    expectError(await patch("+14155553004", { mps: 0.01 }), 400, "invalid_request");
    expectError(await patch("+14155553004", {}), 400, "invalid_request");
    expectError(await patch("+14155559999", { mps: 2 }), 404, "not_found");

    // The organization sees each number's queue: empty, nothing waiting.
    const mine = (await call(own.GET, "/api/v1/numbers", { token: org.testKey })).json;
    expect(mine.find((n: { number: string }) => n.number === "+18005553003")).toEqual({
      number: "+18005553003",
      organizationId: org.organizationId,
      type: "toll_free",
      mps: 3,
      country: "US",
      createdAt: expect.any(String),
      queue: { segments: 0, oldestQueuedAt: null, estimatedWaitSeconds: 0 },
    });
  });

  it("validates the number and the organization", async () => {
    expectError(await assign({ number: "hello", organizationId: org.organizationId }), 400, "invalid_request");
    expectError(await assign({ number: "+14155553002", organizationId: "org_missing" }), 404, "not_found");
    expectError(
      await assign({ number: "+14155553002", organizationId: org.organizationId, extra: 1 }),
      400,
      "invalid_request",
    );
  });

  it("lists an organization's numbers only with sms.read", async () => {
    const key = (await seedApiKey(org.organizationId, { permissions: ["sms.send"] })).rawKey;
    expectError(await call(own.GET, "/api/v1/numbers", { token: key }), 403, "insufficient_scope");
  });
});
