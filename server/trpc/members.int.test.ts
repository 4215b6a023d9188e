import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { registerUser } from "../auth/register-user";
import { addMember } from "../orgs/add-member";
import { uniqueEmail } from "../test/http";
import { callerFor as trpcCallerFor, trpcError } from "../test/trpc";
import { SYSTEM_ACTOR } from "../audit/actor";

const password = "correct horse battery";

async function org(name: string) {
  const { user, organization } = await registerUser(getDb(), {
    email: uniqueEmail(),
    password,
    organizationName: name,
  });
  return { userId: user.id, email: user.email, orgId: organization.id };
}

// An unrelated cookie rides along: the active organization is found among the others.
function callerFor(userId: string | null, activeOrgId?: string) {
  const resHeaders = new Headers();
  return { caller: trpcCallerFor(userId, activeOrgId, { otherCookies: "other=1", resHeaders }), resHeaders };
}

describe("members router", () => {
  it("refuses signed-out callers with UNAUTHORIZED", async () => {
    const err = await trpcError(callerFor(null).caller.members.list());
    expect(err.code).toBe("UNAUTHORIZED");
  });

  it("lets a developer list members but not invite them (FORBIDDEN)", async () => {
    const a = await org("A");
    const devEmail = uniqueEmail();
    const dev = await addMember(
      getDb(),
      a.orgId,
      { email: devEmail, role: "developer", initialPassword: "developer-pass" },
      "owner",
      SYSTEM_ACTOR,
    );
    const { caller } = callerFor(dev.userId, a.orgId);

    const members = await caller.members.list();
    expect(members.map((m) => [m.email, m.isYou])).toEqual([
      [a.email, false],
      [devEmail, true],
    ]);
    const err = await trpcError(caller.members.invite({ email: uniqueEmail(), role: "support" }));
    expect(err.code).toBe("FORBIDDEN");
    expect(err.cause).toMatchObject({ code: "forbidden" });
    expect(await getDb().membership.count({ where: { organizationId: a.orgId } })).toBe(2);
  });

  it("never shows org B's members to a member of org A, whatever the cookie says", async () => {
    const a = await org("A");
    const b = await org("B");
    // A forged cookie naming org B falls back to the caller's own organization.
    const { caller } = callerFor(a.userId, b.orgId);
    const members = await caller.members.list();
    expect(members.map((m) => m.email)).toEqual([a.email]);
    expect(await caller.organizations.active()).toMatchObject({ id: a.orgId, role: "owner" });

    const [bOwner] = await callerFor(b.userId, b.orgId).caller.members.list();
    const err = await trpcError(caller.members.remove({ memberId: bOwner!.id }));
    expect(err.code).toBe("NOT_FOUND");
    const switchErr = await trpcError(caller.organizations.switch({ organizationId: b.orgId }));
    expect(switchErr.code).toBe("NOT_FOUND");
  });

  it("maps AppErrors to tRPC codes and validates input", async () => {
    const a = await org("A");
    const { caller } = callerFor(a.userId);
    const conflict = await trpcError(caller.members.invite({ email: a.email, role: "admin" }));
    expect(conflict.code).toBe("CONFLICT");
    expect(conflict.message).toBe("This user is already a member of the organization.");
    const invalid = await trpcError(caller.members.invite({ email: "not-an-email", role: "admin" }));
    expect(invalid.code).toBe("BAD_REQUEST");
  });
});

describe("organizations router", () => {
  it("creates and switches organizations through the sg_org cookie", async () => {
    const a = await org("A");
    const { caller, resHeaders } = callerFor(a.userId);
    const created = await caller.organizations.create({ name: "  Side project " });
    expect(created).toMatchObject({ name: "Side project", role: "owner" });
    expect(resHeaders.get("set-cookie")).toMatch(new RegExp(`^sg_org=${created.id}; Path=/;.*HttpOnly; SameSite=Lax`));

    expect((await caller.organizations.list()).map((o) => o.name)).toEqual(["A", "Side project"]);
    expect(await callerFor(a.userId, created.id).caller.organizations.active()).toMatchObject({ id: created.id });

    const switched = callerFor(a.userId, created.id);
    await switched.caller.organizations.switch({ organizationId: a.orgId });
    expect(switched.resHeaders.get("set-cookie")).toContain(`sg_org=${a.orgId};`);
  });
});
