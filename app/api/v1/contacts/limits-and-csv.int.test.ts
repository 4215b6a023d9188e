// Issue 25: the `contacts` and `analytics` rate-limit categories (contract §7, 60/min) apply, imports
// count under `contacts`; attribute keys are trimmed; exported cells a spreadsheet could run are defused.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { newId } from "@/server/ids";
import { call, expectError } from "@/server/test/http";
import { seedSender } from "@/server/test/messaging";
import * as contacts from "./route";
import * as imports from "./imports/route";
import * as exportRoute from "./export/route";
import * as analytics from "../analytics/messages/route";

describe("rate-limit categories", () => {
  it("the 61st contacts request in a minute answers 429, imports included; analytics counts apart", async () => {
    const s = await seedSender({ rateLimitEnabled: true });
    for (let i = 0; i < 59; i++) {
      const res = await call(contacts.GET, "/api/v1/contacts", { token: s.testKey });
      expect(res.status).toBe(200);
    }
    const upload = await call(imports.POST, "/api/v1/contacts/imports", {
      token: s.testKey,
      rawBody: "phone\n+14155550100\n",
      method: "POST",
      headers: { "content-type": "text/csv" },
    });
    expect(upload.status).toBe(202);
    const refused = await call(contacts.GET, "/api/v1/contacts", { token: s.testKey });
    expectError(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.json.error.message).toContain("60 requests per minute");
    expectError(
      await call(imports.POST, "/api/v1/contacts/imports", {
        token: s.testKey,
        rawBody: "phone\n+14155550100\n",
        method: "POST",
        headers: { "content-type": "text/csv" },
      }),
      429,
      "rate_limited",
    );
    // Another category's window is its own (the organization cap of 100 is not reached yet).
    const stats = await call(analytics.GET, "/api/v1/analytics/messages", { token: s.testKey });
    expect(stats.status).toBe(200);
  });
});

describe("contacts CSV and attribute keys", () => {
  it("trims attribute keys on the API, and defuses formula cells in the export, keys included", async () => {
    const s = await seedSender();
    const created = await call(contacts.POST, "/api/v1/contacts", {
      token: s.testKey,
      body: { phone: "+14155550101", attributes: { "  plan ": "pro" } },
    });
    expect(created.status).toBe(201);
    expect(created.json.attributes).toEqual({ plan: "pro" });
    await getDb().contact.create({
      data: {
        id: newId("ct"),
        organizationId: s.organizationId,
        phone: "+14155550102",
        firstName: "\tcmd",
        lastName: "\r=1+1",
        attributes: { "=key": "@SUM(1)" },
      },
    });
    const res = await exportRoute.GET(
      new Request("http://localhost/api/v1/contacts/export", { headers: { authorization: `Bearer ${s.testKey}` } }),
    );
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe("phone,first_name,last_name,email,tags,'=key,plan");
    expect(lines).toContain("+14155550102,'\tcmd,\"'\r=1+1\",,,'@SUM(1),");
  });
});
