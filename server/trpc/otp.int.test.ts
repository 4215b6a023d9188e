import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { newId } from "../ids";
import { listOtpCodes } from "../otp/list-otp-codes";
import { seedMember, seedOrganization } from "../test/seed";
import { callerFor, trpcError } from "../test/trpc";

const HASH = "hmac-of-the-code-never-shown";

/** OTP rows in the order given (ids sorted so they match), each expiring `expiresIn` ms after `now`. */
async function seedCodes(
  organizationId: string,
  now: Date,
  rows: (Partial<Prisma.OtpCodeCreateManyInput> & { expiresIn?: number })[],
) {
  const ids = rows.map(() => newId("otp")).sort();
  const data: Prisma.OtpCodeCreateManyInput[] = rows.map(({ expiresIn = 300_000, ...row }, i) => ({
    id: ids[i]!,
    organizationId,
    environment: "test",
    to: "+14155550123",
    codeHash: HASH,
    length: 6,
    messageId: newId("msg"),
    expiresAt: new Date(now.getTime() + expiresIn),
    createdAt: new Date(now.getTime() - 60_000 + i),
    ...row,
  }));
  await getDb().otpCode.createMany({ data });
  return ids;
}

describe("otp router", () => {
  it("lists OTP activity newest first, without codes, with overdue pending codes shown as expired", async () => {
    const owner = await seedOrganization("owner");
    const support = await seedMember(owner.organizationId, "support");
    const now = new Date();
    const [approved, overdue, pending, locked] = await seedCodes(owner.organizationId, now, [
      { status: "APPROVED", verifiedAt: now, attempts: 1 },
      { status: "PENDING", expiresIn: -1000 },
      { status: "PENDING", attempts: 2, to: "+15005550002", environment: "live" },
      { status: "MAX_ATTEMPTS", attempts: 5 },
    ]);
    const caller = callerFor(support.userId, owner.organizationId);

    const page = await caller.otp.list({});
    expect(page.items.map((c) => [c.id, c.status])).toEqual([
      [locked, "MAX_ATTEMPTS"],
      [pending, "PENDING"],
      [overdue, "EXPIRED"],
      [approved, "APPROVED"],
    ]);
    expect(JSON.stringify(page)).not.toContain(HASH);
    expect(JSON.stringify(page)).not.toMatch(/codeHash|code"/);
    expect(page.items[1]).toMatchObject({ attempts: 2, maxAttempts: 5, length: 6, environment: "live" });

    const ids = async (input: Parameters<typeof caller.otp.list>[0]) =>
      (await caller.otp.list(input)).items.map((c) => c.id);
    expect(await ids({ status: "EXPIRED" })).toEqual([overdue]);
    expect(await ids({ status: "PENDING" })).toEqual([pending]);
    expect(await ids({ environment: "live" })).toEqual([pending]);
    expect(await ids({ to: "+1500" })).toEqual([pending]);

    const first = await listOtpCodes(getDb(), owner.organizationId, { limit: 3 });
    expect(first.items).toHaveLength(3);
    const rest = await listOtpCodes(getDb(), owner.organizationId, { limit: 3, cursor: first.nextCursor! });
    expect(rest).toEqual({ items: [expect.objectContaining({ id: approved })], nextCursor: null });
  });

  it("shows nothing of another organization", async () => {
    const a = await seedOrganization("owner");
    const b = await seedOrganization("owner");
    await seedCodes(b.organizationId, new Date(), [{}]);
    expect((await callerFor(a.userId).otp.list({})).items).toEqual([]);
    const err = await trpcError(callerFor(null).otp.list({}));
    expect(err.code).toBe("UNAUTHORIZED");
  });
});
