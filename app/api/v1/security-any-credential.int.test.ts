// The security suite's third table: routes open to any API key or any member's access token
// (price lists). Every wrong credential still answers the contract's code for it.
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError } from "@/server/test/http";
import { seedApiKey, seedMember, seedOrganization, type SeededMember } from "@/server/test/seed";
import { setApiKeyActive } from "@/server/api-keys/update-api-key";
import { signAccessToken } from "@/server/auth/jwt";
import { getDb } from "@/server/db/client";
import { SYSTEM_ACTOR } from "@/server/audit/actor";
import { ANY_CREDENTIAL_ROUTES } from "./security-routes";

describe.each(ANY_CREDENTIAL_ROUTES)("any-credential route $name", (route) => {
  let org: SeededMember;
  beforeAll(async () => {
    org = await seedOrganization();
  });
  const send = (token?: string, headers?: Record<string, string>) =>
    call(route.handler, route.path, { method: "GET", params: route.params, token, headers });

  it("needs a credential, and refuses malformed or unknown ones", async () => {
    expectError(await send(), 401, "unauthenticated");
    expectError(await send(undefined, { authorization: "Basic abc" }), 401, "unauthenticated");
    expectError(await send("not.a.jwt"), 401, "unauthenticated");
    expectError(await send("sg_live_" + "a".repeat(40)), 401, "unauthenticated");
  });

  it("refuses an expired token and a disabled key", async () => {
    const { token } = await signAccessToken(
      { sub: org.userId, org: org.organizationId, role: "owner" },
      new Date(Date.now() - 3_600_000),
    );
    expectError(await send(token), 401, "token_expired");
    const key = await seedApiKey(org.organizationId);
    await setApiKeyActive(getDb(), org.organizationId, key.id, false, SYSTEM_ACTOR);
    expectError(await send(key.rawKey), 401, "key_disabled");
  });

  it("answers any API key, whatever its permissions, of either environment", async () => {
    for (const environment of ["test", "live"] as const) {
      const key = await seedApiKey(org.organizationId, { environment, permissions: ["otp.verify"] });
      const res = await send(key.rawKey);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    }
  });

  it("answers every role's access token, support included", async () => {
    for (const role of ["owner", "admin", "developer", "support"] as const) {
      const member = role === "owner" ? org : await seedMember(org.organizationId, role);
      expect((await send(member.accessToken)).status).toBe(200);
    }
  });
});
