import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { registerUser } from "../auth/register-user";
import { verifyCredentials } from "../auth/verify-credentials";
import { AppError } from "../errors";
import { uniqueEmail } from "../test/http";
import { addMember } from "./add-member";
import { removeMember, updateMemberRole } from "./change-member";
import { createOrganization } from "./create-organization";
import { listMembers } from "./list-members";
import { listMyOrganizations } from "./list-my-organizations";
import { getMembershipOrThrow, resolveActiveMembership } from "./memberships";
import { SYSTEM_ACTOR } from "../audit/actor";

const password = "correct horse battery";

async function owner(organizationName = "Acme") {
  const { user, organization } = await registerUser(getDb(), {
    email: uniqueEmail(),
    password,
    name: "Olive Owner",
    organizationName,
  });
  return { userId: user.id, email: user.email, orgId: organization.id };
}

async function expectAppError(promise: Promise<unknown>, code: string) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  return err as AppError;
}

describe("addMember", () => {
  it("creates an account with the initial password when the email is new", async () => {
    const db = getDb();
    const { orgId } = await owner();
    const email = uniqueEmail();
    const member = await addMember(
      db,
      orgId,
      { email, role: "support", name: "Sam", initialPassword: "support-pass-123" },
      "owner",
      SYSTEM_ACTOR,
    );
    expect(member).toMatchObject({ email, name: "Sam", role: "support" });

    const user = await verifyCredentials(db, email, "support-pass-123");
    expect(user?.id).toBe(member.userId);
    const members = await listMembers(db, orgId);
    expect(members.map((m) => m.role)).toEqual(["owner", "support"]);
  });

  it("adds an existing account without touching its password", async () => {
    const db = getDb();
    const a = await owner("A");
    const b = await owner("B");
    const member = await addMember(
      db,
      a.orgId,
      { email: b.email, role: "developer", initialPassword: "another-password-1" },
      "admin",
      SYSTEM_ACTOR,
    );
    expect(member.userId).toBe(b.userId);
    expect(await verifyCredentials(db, b.email, password)).not.toBeNull();
    expect(await verifyCredentials(db, b.email, "another-password-1")).toBeNull();
    const orgs = await listMyOrganizations(db, b.userId);
    expect(orgs.map((o) => [o.id, o.role])).toEqual([
      [b.orgId, "owner"],
      [a.orgId, "developer"],
    ]);
  });

  it("requires an initial password for a new email, naming the field", async () => {
    const { orgId } = await owner();
    const err = await expectAppError(
      addMember(getDb(), orgId, { email: uniqueEmail(), role: "support" }, "owner", SYSTEM_ACTOR),
      "invalid_request",
    );
    expect(err.details?.[0]?.path).toBe("initialPassword");
  });

  it("answers already_member for someone already in the organization", async () => {
    const { orgId, email } = await owner();
    await expectAppError(
      addMember(getDb(), orgId, { email, role: "developer" }, "owner", SYSTEM_ACTOR),
      "already_member",
    );
  });

  it("lets only an owner add another owner", async () => {
    const { orgId } = await owner();
    const input = { email: uniqueEmail(), role: "owner" as const, initialPassword: "owner-two-pass" };
    await expectAppError(addMember(getDb(), orgId, input, "admin", SYSTEM_ACTOR), "forbidden");
    await expect(addMember(getDb(), orgId, input, "owner", SYSTEM_ACTOR)).resolves.toMatchObject({ role: "owner" });
  });
});

describe("last-owner rules", () => {
  it("refuses to demote or remove the last owner, allows it once another owner exists", async () => {
    const db = getDb();
    const { orgId, userId } = await owner();
    const [me] = await listMembers(db, orgId);
    expect(me?.userId).toBe(userId);
    const myId = me!.id;

    const demote = await expectAppError(
      updateMemberRole(db, orgId, { memberId: myId, role: "admin" }, "owner", SYSTEM_ACTOR),
      "forbidden",
    );
    expect(demote.message).toMatch(/at least one owner/);
    await expectAppError(removeMember(db, orgId, { memberId: myId }, "owner", SYSTEM_ACTOR), "forbidden");

    const second = await addMember(
      db,
      orgId,
      { email: uniqueEmail(), role: "owner", initialPassword: "second-owner-pw" },
      "owner",
      SYSTEM_ACTOR,
    );
    await expect(
      updateMemberRole(db, orgId, { memberId: myId, role: "admin" }, "owner", SYSTEM_ACTOR),
    ).resolves.toMatchObject({
      role: "admin",
    });
    // Now `second` is the only owner again.
    await expectAppError(removeMember(db, orgId, { memberId: second.id }, "owner", SYSTEM_ACTOR), "forbidden");
    expect((await listMembers(db, orgId)).filter((m) => m.role === "owner")).toHaveLength(1);
  });

  it("never leaves an organization ownerless when both owners are demoted at the same moment", async () => {
    const db = getDb();
    // Several organizations at once widen the window in which an unlocked check would race.
    const orgs = await Promise.all([1, 2, 3, 4].map(() => owner()));
    for (const { orgId } of orgs) {
      await addMember(
        db,
        orgId,
        { email: uniqueEmail(), role: "owner", initialPassword: "second-owner-pw" },
        "owner",
        SYSTEM_ACTOR,
      );
    }
    const demotions = (
      await Promise.all(
        orgs.map(async ({ orgId }) => (await listMembers(db, orgId)).map((m) => ({ orgId, memberId: m.id }))),
      )
    ).flat();
    expect(demotions).toHaveLength(8);
    const results = await Promise.allSettled(
      demotions.map(({ orgId, memberId }) =>
        updateMemberRole(db, orgId, { memberId, role: "developer" }, "owner", SYSTEM_ACTOR),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4);
    for (const { orgId } of orgs) {
      expect((await listMembers(db, orgId)).filter((m) => m.role === "owner")).toHaveLength(1);
    }
  });

  it("keeps admins away from owners", async () => {
    const db = getDb();
    const { orgId } = await owner();
    await addMember(
      db,
      orgId,
      { email: uniqueEmail(), role: "owner", initialPassword: "second-owner-pw" },
      "owner",
      SYSTEM_ACTOR,
    );
    const [firstOwner] = await listMembers(db, orgId);
    await expectAppError(removeMember(db, orgId, { memberId: firstOwner!.id }, "admin", SYSTEM_ACTOR), "forbidden");
    await expectAppError(
      updateMemberRole(db, orgId, { memberId: firstOwner!.id, role: "support" }, "admin", SYSTEM_ACTOR),
      "forbidden",
    );
  });

  it("removes a member and keeps their account", async () => {
    const db = getDb();
    const { orgId } = await owner();
    const email = uniqueEmail();
    const dev = await addMember(
      db,
      orgId,
      { email, role: "developer", initialPassword: "developer-pass" },
      "owner",
      SYSTEM_ACTOR,
    );
    await expect(removeMember(db, orgId, { memberId: dev.id }, "admin", SYSTEM_ACTOR)).resolves.toEqual({
      id: dev.id,
      userId: dev.userId,
    });
    expect((await listMembers(db, orgId)).map((m) => m.email)).not.toContain(email);
    expect(await verifyCredentials(db, email, "developer-pass")).not.toBeNull();
  });
});

describe("tenant isolation", () => {
  it("getMembershipOrThrow answers not_found for another organization", async () => {
    const db = getDb();
    const a = await owner("A");
    const b = await owner("B");
    await expect(getMembershipOrThrow(db, a.userId, a.orgId)).resolves.toMatchObject({
      role: "owner",
      organizationName: "A",
    });
    await expectAppError(getMembershipOrThrow(db, a.userId, b.orgId), "not_found");
    await expectAppError(getMembershipOrThrow(db, a.userId, "org_does_not_exist"), "not_found");
  });

  it("cannot change or remove a membership of another organization by id", async () => {
    const db = getDb();
    const a = await owner("A");
    const b = await owner("B");
    const [bOwner] = await listMembers(db, b.orgId);
    await expectAppError(
      updateMemberRole(db, a.orgId, { memberId: bOwner!.id, role: "support" }, "owner", SYSTEM_ACTOR),
      "not_found",
    );
    await expectAppError(removeMember(db, a.orgId, { memberId: bOwner!.id }, "owner", SYSTEM_ACTOR), "not_found");
    expect((await listMembers(db, b.orgId))[0]).toMatchObject({ id: bOwner!.id, role: "owner" });
  });

  it("resolveActiveMembership uses the preferred organization only for members, else the oldest", async () => {
    const db = getDb();
    const a = await owner("A");
    const b = await owner("B");
    const second = await createOrganization(db, a.userId, "A second");
    expect((await resolveActiveMembership(db, a.userId, second.id))?.organizationId).toBe(second.id);
    expect((await resolveActiveMembership(db, a.userId, b.orgId))?.organizationId).toBe(a.orgId);
    expect((await resolveActiveMembership(db, a.userId, null))?.organizationId).toBe(a.orgId);
    expect(await resolveActiveMembership(db, "usr_nobody", a.orgId)).toBeNull();
  });
});
