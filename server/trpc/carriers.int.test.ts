import { afterAll, describe, expect, it } from "vitest";
import { TestSmsc } from "../carriers/smpp/test-smsc";
import { waitFor } from "../carriers/smpp/test-helpers";
import { seedMember, seedOrganization } from "../test/seed";
import { useLiveCarriers } from "../test/live-carriers";
import { callerFor, trpcError } from "../test/trpc";

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

describe("carriers router", () => {
  it("says when no live provider is configured", async () => {
    const owner = await seedOrganization("owner");
    expect(await callerFor(owner.userId).carriers.status()).toMatchObject({ liveConfigured: false, providers: [] });
  });

  it("shows support the SMPP session's state and its last error, read-only", async () => {
    const smsc = await TestSmsc.start({ systemId: "sg-ov", password: "right" });
    cleanup.push(() => smsc.close());
    const { live, restore } = await useLiveCarriers({
      SMS_PROVIDER: "smpp",
      SMPP_URL: smsc.url,
      SMPP_SYSTEM_ID: "sg-ov",
      SMPP_PASSWORD: "Zq9xK2pL",
    });
    cleanup.push(restore);
    await waitFor(() => live.describe()[0]?.lastError !== null, 5_000);

    const owner = await seedOrganization("owner");
    const support = await seedMember(owner.organizationId, "support");
    const status = await callerFor(support.userId).carriers.status();
    expect(status.liveConfigured).toBe(true);
    expect(status.providers).toHaveLength(1);
    expect(status.providers[0]).toMatchObject({
      provider: "smpp",
      status: expect.stringMatching(/connecting|reconnecting/),
    });
    expect(status.providers[0]!.lastError).toMatch(/ESME_RINVPASWD|password/i);
    expect(JSON.stringify(status)).not.toContain("Zq9xK2pL"); // the password never shows
    expect(smsc.binds.some((b) => !b.ok)).toBe(true);
  });

  it("is refused when signed out", async () => {
    expect((await trpcError(callerFor(null).carriers.status())).code).toBe("UNAUTHORIZED");
  });
});
