// The security suite over the campaign routes (contract §11), which take an API key with
// `campaigns.manage` or a member's access token: every wrong credential answers the contract's
// code, support reads and changes nothing, another tenant's campaign is 404.
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError } from "@/server/test/http";
import { seedApiKey, seedMember, seedOrganization, type SeededMember } from "@/server/test/seed";
import { setApiKeyActive } from "@/server/api-keys/update-api-key";
import { signAccessToken } from "@/server/auth/jwt";
import { getDb } from "@/server/db/client";
import { SYSTEM_ACTOR } from "@/server/audit/actor";
import { createCampaign } from "@/server/campaigns/save-campaign";
import { CAMPAIGN_ROUTES, type CampaignRoute } from "./security-routes";

async function draft(organizationId: string): Promise<string> {
  const c = await createCampaign(
    getDb(),
    { organizationId, environment: "test", apiKeyId: null },
    { name: "Security", template: "Hi" },
    SYSTEM_ACTOR,
  );
  return c.id;
}

describe.each(CAMPAIGN_ROUTES)("campaign route $name", (route: CampaignRoute) => {
  let org: SeededMember;
  let other: SeededMember;
  beforeAll(async () => {
    org = await seedOrganization();
    other = await seedOrganization();
  });
  const send = async (token: string | undefined, options: { id?: string; headers?: Record<string, string> } = {}) => {
    const id = options.id ?? (route.path.includes("{id}") ? await draft(org.organizationId) : undefined);
    return call(route.handler, route.path.replace("{id}", id ?? ""), {
      method: route.method,
      body: route.body,
      params: id ? { id } : undefined,
      token,
      headers: options.headers,
    });
  };

  it("needs a credential, and refuses malformed or unknown ones", async () => {
    expectError(await send(undefined), 401, "unauthenticated");
    expectError(await send(undefined, { headers: { authorization: "Basic abc" } }), 401, "unauthenticated");
    expectError(await send("sg_live_" + "a".repeat(40)), 401, "unauthenticated");
    expectError(await send("not.a.jwt"), 401, "unauthenticated");
  });

  it("refuses a disabled key and an expired token", async () => {
    const key = await seedApiKey(org.organizationId);
    await setApiKeyActive(getDb(), org.organizationId, key.id, false, SYSTEM_ACTOR);
    expectError(await send(key.rawKey), 401, "key_disabled");
    const { token } = await signAccessToken(
      { sub: org.userId, org: org.organizationId, role: "owner" },
      new Date(Date.now() - 3_600_000),
    );
    expectError(await send(token), 401, "token_expired");
  });

  it("names the missing permission", async () => {
    const key = await seedApiKey(org.organizationId, { permissions: ["sms.send", "contacts.read"] });
    const res = await send(key.rawKey);
    expectError(res, 403, "insufficient_scope");
    expect(res.json.error.message).toContain("campaigns.manage");
  });

  it("lets a key with campaigns.manage and the owner through", async () => {
    const key = await seedApiKey(org.organizationId, { environment: "test", permissions: ["campaigns.manage"] });
    expect((await send(key.rawKey)).status).toBe(route.passes);
    expect((await send(org.accessToken)).status).toBe(route.passes);
  });

  it(route.read ? "lets support read" : "refuses support with 403 forbidden", async () => {
    const support = await seedMember(org.organizationId, "support");
    const res = await send(support.accessToken);
    if (route.read) expect(res.status).toBe(route.passes);
    else expectError(res, 403, "forbidden");
  });

  if (route.path.includes("{id}")) {
    it("answers 404 for another organization's campaign, and for a live key on a sandbox campaign", async () => {
      const foreign = await draft(other.organizationId);
      expectError(await send(org.accessToken, { id: foreign }), 404, "not_found");
      const live = await seedApiKey(org.organizationId, { environment: "live", permissions: ["campaigns.manage"] });
      expectError(await send(live.rawKey), 404, "not_found");
      expect((await getDb().campaign.findFirst({ where: { id: foreign } }))?.name).toBe("Security");
    });
  }
});
