import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { seedMember, seedOrganization } from "../test/seed";
import { callerFor, trpcError } from "../test/trpc";
import { totpCodeAt } from "../two-factor/totp";

describe("twoFactor router and the organization's requirement", () => {
  it("enrols, lets an owner require it, and refuses data calls of a member until they enrol", async () => {
    const owner = await seedOrganization("owner");
    const member = await seedMember(owner.organizationId, "developer");
    const asOwner = callerFor(owner.userId);

    // Only once the owner has two-factor on, and only an owner.
    expect((await trpcError(asOwner.twoFactor.setRequirement({ requireMfa: true }))).code).toBe("BAD_REQUEST");
    const started = await asOwner.twoFactor.start();
    expect(started.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const { recoveryCodes } = await asOwner.twoFactor.confirm({ code: totpCodeAt(started.secret, new Date()) });
    expect(recoveryCodes).toHaveLength(10);
    expect(await asOwner.twoFactor.status()).toEqual({
      enabled: true,
      recoveryCodesRemaining: 10,
      requiredByOrganization: false,
    });
    const asMember = callerFor(member.userId);
    expect((await trpcError(asMember.twoFactor.setRequirement({ requireMfa: true }))).code).toBe("FORBIDDEN");
    await asOwner.twoFactor.setRequirement({ requireMfa: true });

    // The member sees nothing else (403, not 401: a 401 would send the dashboard to sign-in).
    const refused = await trpcError(asMember.rateLimits.usage());
    expect(refused.code).toBe("FORBIDDEN");
    expect(refused.message).toMatch(/requires two-factor/);
    expect(await asOwner.rateLimits.usage()).toBeDefined();
    // … but can enrol, and then use the organization.
    const mine = await asMember.twoFactor.start();
    await asMember.twoFactor.confirm({ code: totpCodeAt(mine.secret, new Date()) });
    expect(await asMember.rateLimits.usage()).toBeDefined();
    const audit = await getDb().auditLogEntry.findMany({
      where: { organizationId: owner.organizationId, resourceType: { in: ["twoFactor", "organizationSecurity"] } },
    });
    expect(audit.map((a) => a.action).sort()).toEqual(
      ["twoFactor.enabled", "twoFactor.enabled", "twoFactor.requirementChanged"].sort(),
    );
  });
});
