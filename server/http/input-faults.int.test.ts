// Issue 25 (contract §12, Input and Faults): 400 for text PostgreSQL cannot store, for dates outside
// 1970–9999 or off the calendar; 503 service_unavailable with Retry-After while the database is away.
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/server/db/generated/client";
import { call, expectError } from "@/server/test/http";
import { seedSender } from "@/server/test/messaging";
import { seedOrganization } from "@/server/test/seed";
import { apiRoute } from "./api-route";
import * as contacts from "@/app/api/v1/contacts/route";
import * as contactById from "@/app/api/v1/contacts/[id]/route";
import * as history from "@/app/api/v1/sms/route";
import * as analytics from "@/app/api/v1/analytics/messages/route";
import * as usage from "@/app/api/v1/developer/usage/route";
import * as statement from "@/app/api/v1/developer/billing/statements/[period]/route";

let key: string;
let jwt: string;
beforeAll(async () => {
  key = (await seedSender({ rateLimitEnabled: false })).testKey;
  jwt = (await seedOrganization()).accessToken;
});

const detailPaths = (res: Awaited<ReturnType<typeof call>>) =>
  (res.json.error.details ?? []).map((d: { path: string }) => d.path);

describe("text PostgreSQL cannot store answers 400 naming the field", () => {
  it("U+0000 or a lone surrogate in a JSON body", async () => {
    const nul = await call(contacts.POST, "/api/v1/contacts", {
      token: key,
      body: { phone: "+14155550190", firstName: "Ad\u0000a" },
    });
    expectError(nul, 400, "invalid_request");
    expect(detailPaths(nul)).toEqual(["firstName"]);
    const surrogate = await call(contacts.POST, "/api/v1/contacts", {
      token: key,
      rawBody: '{"phone":"+14155550191","attributes":{"plan":"\\ud800x"}}',
      headers: { "content-type": "application/json" },
    });
    expectError(surrogate, 400, "invalid_request");
    expect(detailPaths(surrogate)).toEqual(["attributes.plan"]);
  });

  it("U+0000 in a query parameter or a path segment", async () => {
    const query = await call(contacts.GET, "/api/v1/contacts", { token: key, query: { q: "a\u0000" } });
    expectError(query, 400, "invalid_request");
    expect(detailPaths(query)).toEqual(["query.q"]);
    const path = await call(contactById.GET, "/api/v1/contacts/ct_%00", { token: key, params: { id: "ct_\u0000" } });
    expectError(path, 400, "invalid_request");
    expect(detailPaths(path)).toEqual(["path.id"]);
  });
});

describe("dates outside 1970-01-01 … 9999-12-31, or off the calendar, answer 400", () => {
  it("history, analytics, usage and statements", async () => {
    const q = (query: Record<string, string>) => ({ token: key, query });
    expectError(
      await call(history.GET, "/api/v1/sms", q({ createdAfter: "1969-12-31T00:00:00Z" })),
      400,
      "invalid_request",
    );
    expectError(
      await call(history.GET, "/api/v1/sms", q({ createdBefore: "0001-01-01T00:00:00Z" })),
      400,
      "invalid_request",
    );
    for (const from of ["1969-12-31", "0100-01-01", "2026-02-30", "2026-13-01"]) {
      expectError(await call(analytics.GET, "/api/v1/analytics/messages", q({ from })), 400, "invalid_request");
    }
    expect((await call(analytics.GET, "/api/v1/analytics/messages", q({ from: "2026-02-28" }))).status).toBe(200);
    for (const from of ["1969-12-01", "2026-02-30"]) {
      const res = await call(usage.GET, "/api/v1/developer/usage", { token: jwt, query: { from } });
      expectError(res, 400, "invalid_request");
    }
    const old = await call(statement.GET, "/api/v1/developer/billing/statements/1969-12", {
      token: jwt,
      params: { period: "1969-12" },
    });
    expectError(old, 400, "invalid_request");
  });
});

describe("an unreachable database answers 503 service_unavailable with Retry-After", () => {
  // A real PostgreSQL client on a port nothing listens on: the error Prisma raises when the
  // database is stopped.
  const away = new PrismaClient({ adapter: new PrismaPg({ connectionString: "postgresql://x:y@127.0.0.1:1/none" }) });
  afterAll(() => away.$disconnect());
  const route = apiRoute({ auth: "none" }, async () => away.contact.count());

  it("in the REST wrapper's one error mapper", async () => {
    const res = await call(route, "/api/v1/anything");
    expectError(res, 503, "service_unavailable");
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.text).not.toContain("127.0.0.1");
  });
});
