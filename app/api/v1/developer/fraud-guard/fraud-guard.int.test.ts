// The fraud guard's REST surface (contract §12) with the OTP endpoint it guards.
import { describe, expect, it } from "vitest";
import { call, expectError } from "@/server/test/http";
import { seedMember } from "@/server/test/seed";
import { api, seedSender } from "@/server/test/messaging";
import { getDb } from "@/server/db/client";
import { buildOpenApiDocument } from "@/server/openapi/document";
import * as settings from "./route";
import * as blocks from "./blocks/route";
import * as byPrefix from "./blocks/[prefix]/route";

const get = (token: string) => call(settings.GET, "/api/v1/developer/fraud-guard", { token });
const patch = (token: string, body: unknown) =>
  call(settings.PATCH, "/api/v1/developer/fraud-guard", { method: "PATCH", token, body });

describe("/api/v1/developer/fraud-guard", () => {
  it("defaults to standard with an empty safe list; owners change it, bad entries are refused by name", async () => {
    const s = await seedSender();
    expect((await get(s.accessToken)).json).toEqual({ level: "standard", safeList: [] });
    const updated = await patch(s.accessToken, {
      level: "strict",
      safeList: ["+44791112", "+12127360001", "+44791112"],
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toEqual({ level: "strict", safeList: ["+12127360001", "+44791112"] });
    const bad = await patch(s.accessToken, { safeList: ["+1212", "1212"] });
    expectError(bad, 400, "invalid_request");
    expect(bad.json.error.details).toEqual([expect.objectContaining({ path: "safeList.1" })]);
    expectError(await patch(s.accessToken, { level: "paranoid" }), 400, "invalid_request");
    expectError(await patch(s.accessToken, { level: "off", extra: 1 }), 400, "invalid_request");
    // Developers read, support has no access.
    const dev = await seedMember(s.organizationId, "developer");
    expect((await get(dev.accessToken)).json.level).toBe("strict");
    expectError(await patch(dev.accessToken, { level: "off" }), 403, "forbidden");
    const support = await seedMember(s.organizationId, "support");
    expectError(await get(support.accessToken), 403, "forbidden");
  });

  it("answers 403 suspected_fraud on OTP send to a pumped prefix, lists the block with its reason, and unblocks", async () => {
    const s = await seedSender();
    const to = (i: number) => `+1212736${String(1000 + i)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await api.otpSend(s.testKey, { to: to(i) })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 202, 202, 202, 202, 403, 403]);
    const refused = await api.otpSend(s.testKey, { to: to(20) });
    expectError(refused, 403, "suspected_fraud");
    expect(refused.json.error.message).toMatch(/\+1212736.*blocked until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/);

    const listed = await call(blocks.GET, "/api/v1/developer/fraud-guard/blocks", { token: s.accessToken });
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([
      expect.objectContaining({ prefix: "+1212736", country: "US", sends: 10, verified: 0, active: true }),
    ]);
    expect(listed.json[0].reason).toContain("10 OTP codes were sent");
    // The response is what the OpenAPI document says, field for field.
    const doc = buildOpenApiDocument() as unknown as {
      components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
    };
    expect(Object.keys(listed.json[0]).sort()).toEqual(
      Object.keys(doc.components.schemas.FraudBlock!.properties).sort(),
    );

    const active = await call(blocks.GET, "/api/v1/developer/fraud-guard/blocks", {
      token: s.accessToken,
      query: { status: "active" },
    });
    expect(active.json).toHaveLength(1);

    const del = (prefix: string, token = s.accessToken) =>
      call(byPrefix.DELETE, `/api/v1/developer/fraud-guard/blocks/${encodeURIComponent(prefix)}`, {
        method: "DELETE",
        token,
        params: { prefix },
      });
    const dev = await seedMember(s.organizationId, "developer");
    expectError(await del("+1212736", dev.accessToken), 403, "forbidden");
    expectError(await del("+1999"), 404, "not_found");
    expect((await del("+1212736")).status).toBe(204);
    expectError(await del("+1212736"), 404, "not_found");
    expect((await api.otpSend(s.testKey, { to: to(30) })).status).toBe(202);
    // The lifted block stays listed as history (contract §12), and is not among the active ones.
    const history = await call(blocks.GET, "/api/v1/developer/fraud-guard/blocks", { token: s.accessToken });
    expect(history.json).toEqual([
      expect.objectContaining({ prefix: "+1212736", active: false, liftedAt: expect.any(String) }),
    ]);
    const stillActive = await call(blocks.GET, "/api/v1/developer/fraud-guard/blocks", {
      token: s.accessToken,
      query: { status: "active" },
    });
    expect(stillActive.json).toEqual([]);
    const audit = await getDb().auditLogEntry.findMany({
      where: { organizationId: s.organizationId, action: "fraudGuard.unblocked" },
    });
    expect(audit.map((a) => a.resourceId)).toEqual(["+1212736"]);
  });
});
