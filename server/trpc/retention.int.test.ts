import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "../env";
import { seedMember, seedOrganization } from "../test/seed";
import { callerFor, trpcError } from "../test/trpc";

afterEach(() => {
  delete process.env.MESSAGE_BODY_RETENTION_DAYS;
  delete process.env.RETENTION;
  resetEnvForTests();
});

describe("retention router", () => {
  it("tells every member, support included, how long data is kept, as configured", async () => {
    const owner = await seedOrganization("owner");
    const support = await seedMember(owner.organizationId, "support");
    expect(await callerFor(support.userId, owner.organizationId).retention.policy()).toEqual({
      enabled: true,
      messageBodyDays: 30,
      messageDays: 400,
      outboxEventDays: 30,
      webhookLogDays: 30,
      auditLogDays: 365,
    });
    process.env.MESSAGE_BODY_RETENTION_DAYS = "14";
    process.env.RETENTION = "off";
    resetEnvForTests();
    expect(await callerFor(owner.userId, owner.organizationId).retention.policy()).toMatchObject({
      enabled: false,
      messageBodyDays: 14,
    });
  });

  it("needs a signed-in member", async () => {
    expect((await trpcError(callerFor(null).retention.policy())).code).toBe("UNAUTHORIZED");
  });
});
