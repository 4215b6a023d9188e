// GET /api/v1/developer/audit-log: paged, filtered and confined to the caller's organization.
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError } from "@/server/test/http";
import { seedMember, seedOrganization, type SeededMember } from "@/server/test/seed";
import * as auditLog from "./route";
import * as keys from "../api-keys/route";
import * as keyById from "../api-keys/[id]/route";
import { fromClient, IP, path, rows, UA } from "./audit-client";

describe("GET /api/v1/developer/audit-log", () => {
  let owner: SeededMember;
  let dev: SeededMember;
  let other: SeededMember;
  const keyIds: string[] = [];

  beforeAll(async () => {
    owner = await seedOrganization("owner");
    dev = await seedMember(owner.organizationId, "developer");
    other = await seedOrganization("owner");
    for (const [who, name] of [
      [owner, "one"],
      [dev, "two"],
      [owner, "three"],
      [dev, "four"],
      [owner, "five"],
    ] as const) {
      const res = await call(keys.POST, "/api/v1/developer/api-keys", {
        body: { name },
        token: who.accessToken,
        headers: fromClient,
      });
      keyIds.push(res.json.id);
    }
    await call(keyById.PATCH, `/api/v1/developer/api-keys/${keyIds[0]}`, {
      method: "PATCH",
      params: { id: keyIds[0]! },
      body: { name: "one-renamed" },
      token: owner.accessToken,
    });
    // The other organization's own history, which must never show up.
    await call(keys.POST, "/api/v1/developer/api-keys", { body: { name: "theirs" }, token: other.accessToken });
  });

  const list = (member: SeededMember, query: Record<string, string> = {}) =>
    call(auditLog.GET, path, { token: member.accessToken, query });

  it("answers owners, admins and support, newest first, with actor labels", async () => {
    const res = await list(owner);
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(6);
    expect(res.json[0]).toMatchObject({
      action: "apiKey.updated",
      resourceType: "apiKey",
      resourceId: keyIds[0],
      actor: { type: "user", id: owner.userId, label: expect.stringContaining("@example.test") },
      changes: { before: { name: "one" }, after: { name: "one-renamed" } },
    });
    expect(res.json.at(-1)).toMatchObject({ action: "apiKey.created", ip: IP, userAgent: UA });
    const ids = res.json.map((e: { id: string }) => e.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(res.headers.get("x-next-cursor")).toBeNull();

    const admin = (await list(await seedMember(owner.organizationId, "admin"))).json;
    expect(admin).toHaveLength(6);
    expect(admin.at(-1)).toMatchObject({ ip: IP, userAgent: UA });
    // Support sees who did what, not where members sign in from (issue 39).
    const support = (await list(await seedMember(owner.organizationId, "support"))).json;
    expect(support.map((e: { id: string }) => e.id)).toEqual(ids);
    expect(support.every((e: { ip: unknown; userAgent: unknown }) => e.ip === null && e.userAgent === null)).toBe(true);
    expectError(await list(dev), 403, "forbidden");
  });

  it("pages with X-Next-Cursor without repeating or skipping", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(owner, { limit: "4", ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...res.json.map((e: { id: string }) => e.id));
      cursor = res.headers.get("x-next-cursor");
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual((await list(owner)).json.map((e: { id: string }) => e.id));
  });

  it("filters by actor, action, resource and date", async () => {
    const byDev = (await list(owner, { actor: dev.userId })).json;
    expect(byDev.map((e: { resourceId: string }) => e.resourceId)).toEqual([keyIds[3], keyIds[1]]);

    const updates = (await list(owner, { action: "apiKey.updated" })).json;
    expect(updates).toHaveLength(1);
    expect((await list(owner, { resourceType: "webhook" })).json).toEqual([]);
    expect((await list(owner, { resourceType: "apiKey" })).json).toHaveLength(6);

    const ofFirst = (await list(owner, { resourceId: keyIds[0]! })).json;
    expect(ofFirst.map((e: { action: string }) => e.action)).toEqual(["apiKey.updated", "apiKey.created"]);

    const all = (await list(owner)).json as { createdAt: string }[];
    const newest = all[0]!.createdAt;
    const since = (await list(owner, { from: newest })).json as { createdAt: string }[];
    expect(since.length).toBeGreaterThanOrEqual(1);
    expect(since.every((e) => e.createdAt >= newest)).toBe(true);
    expect((await list(owner, { until: all.at(-1)!.createdAt })).json).toEqual([]);
    expect((await list(owner, { from: "2000-01-01T00:00:00.000Z", until: "2000-01-02T00:00:00.000Z" })).json).toEqual(
      [],
    );
  });

  it("never shows another organization's entries, whatever the filter", async () => {
    const theirs = await rows(other.organizationId);
    expect(theirs).toHaveLength(1);
    const foreignKey = theirs[0]!.resourceId!;
    expect((await list(owner, { resourceId: foreignKey })).json).toEqual([]);
    expect((await list(owner, { actor: other.userId })).json).toEqual([]);
    // Not a cursor this list issued to this organization (contract §1): refused, not read as a position.
    expectError(await list(owner, { cursor: "aud_zzzzzzzzzzzzzzzzzzzzzzzz" }), 400, "invalid_request");
    const otherView = (await list(other)).json;
    expect(otherView.map((e: { resourceId: string }) => e.resourceId)).toEqual([foreignKey]);
  });

  it("rejects bad query parameters", async () => {
    expectError(await list(owner, { action: "apiKey.exploded" }), 400, "invalid_request");
    expectError(await list(owner, { limit: "0" }), 400, "invalid_request");
    expectError(await list(owner, { from: "yesterday" }), 400, "invalid_request");
    expectError(
      await list(owner, { from: "2026-02-01T00:00:00.000Z", until: "2026-01-01T00:00:00.000Z" }),
      400,
      "invalid_request",
    );
    expectError(await list(owner, { tenant: other.organizationId }), 400, "invalid_request");
  });
});
