// One security suite over every route, in two files (the route tables are in security-routes.ts).
// This half: each management route is called with every kind of wrong credential (and every role),
// and must answer the contract's code for it.
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError } from "@/server/test/http";
import { seedApiKey, seedMember, seedOrganization, type SeededMember } from "@/server/test/seed";
import { signAccessToken } from "@/server/auth/jwt";
import type { Role } from "@/schemas/roles";
import { can } from "@/schemas/roles";
import { MANAGEMENT_ROUTES } from "./security-management-routes";
import { seedKeyResource, snapshot } from "./security-management-seeds";

describe.each(MANAGEMENT_ROUTES)("management route $name", (route) => {
  let owner: SeededMember;
  let resource: Record<string, string>;
  const seed = route.seed ?? seedKeyResource;

  beforeAll(async () => {
    owner = await seedOrganization("owner");
    resource = await seed(owner.organizationId);
  });

  const send = (token: string | undefined, params = resource, headers?: Record<string, string>) =>
    call(route.handler, route.path(params), { method: route.method, body: route.body, params, token, headers });

  it("needs a token", async () => {
    expectError(await send(undefined), 401, "unauthenticated");
    expectError(await send("not.a.jwt"), 401, "unauthenticated");
  });

  it("rejects an expired token and a token signed with another key", async () => {
    const { token } = await signAccessToken(
      { sub: owner.userId, org: owner.organizationId, role: "owner" },
      new Date(Date.now() - 3_600_000),
    );
    expectError(await send(token), 401, "token_expired");
    const [h, p] = owner.accessToken.split(".");
    expectError(await send(`${h}.${p}.${"A".repeat(43)}`), 401, "unauthenticated");
  });

  it("refuses an API key with wrong_credential_type", async () => {
    const key = await seedApiKey(owner.organizationId);
    expectError(await send(key.rawKey), 401, "wrong_credential_type");
  });

  if (route.byId) {
    it("answers 404 for another organization's resource, as for a missing one, and leaves it untouched", async () => {
      const other = await seedOrganization("owner");
      const foreign = await seed(other.organizationId);
      const before = await snapshot(foreign);
      expectError(await send(owner.accessToken, foreign), 404, "not_found");
      const missing = Object.fromEntries(Object.keys(foreign).map((k) => [k, `${k}_doesnotexist`]));
      expectError(await send(owner.accessToken, missing), 404, "not_found");
      expect(await snapshot(foreign)).toEqual(before);
    });
    // The same with another tenant's delivery under one of our own webhooks.
    if (route.seed && route.path({ id: "x", deliveryId: "y" }).includes("/y/")) {
      it("answers 404 for another organization's delivery under our webhook", async () => {
        const other = await seedOrganization("owner");
        const foreign = await seed(other.organizationId);
        const res = await send(owner.accessToken, { id: resource.id!, deliveryId: foreign.deliveryId! });
        expectError(res, 404, "not_found");
      });
    }
  }

  it.each<Role>(["admin", "developer", "support"])("applies the %s role's rights", async (role) => {
    const member = await seedMember(owner.organizationId, role);
    const res = await send(member.accessToken, await seed(owner.organizationId));
    if (route.action === null || can(role, route.action)) {
      expect(res.status).toBeLessThan(300);
    } else {
      expectError(res, 403, "forbidden");
      expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    }
  });
});
