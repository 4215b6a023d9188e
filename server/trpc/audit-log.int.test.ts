// The audit log through tRPC (the dashboard): the same domain functions write one entry per change
// with the signed-in user and the request's origin, and auditLog.list reads only the active
// organization's log.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import type { AuditLogEntry } from "../db/generated/client";
import { recordSignIn } from "../audit/record-sign-in";
import { createOrganization } from "../orgs/create-organization";
import { acceptInvitation } from "../invitations/accept-invitation";
import { uniqueEmail } from "../test/http";
import { seedMember, seedOrganization, type SeededMember } from "../test/seed";
import { callerFor, trpcError } from "../test/trpc";
import { ACTIVE_ORG_COOKIE } from "./active-org-cookie";
import { createTRPCContext } from "./init";
import { createCaller } from "./root";

const ORIGIN = { ip: "192.0.2.44", userAgent: "Mozilla/5.0 (audit dashboard test)" };

/** A dashboard caller whose requests come from ORIGIN (what the route reads from the request). */
function dashboard(member: SeededMember) {
  const headers = new Headers({ cookie: `${ACTIVE_ORG_COOKIE}=${member.organizationId}` });
  return createCaller(
    createTRPCContext({ db: getDb(), session: { user: { id: member.userId } }, headers, origin: ORIGIN }),
  );
}

async function rows(organizationId: string): Promise<AuditLogEntry[]> {
  return getDb().auditLogEntry.findMany({ where: { organizationId }, orderBy: { id: "asc" } });
}

/** Runs `change`, expects exactly one new entry by `member` from ORIGIN, none of `secrets` in it. */
async function oneEntry<T>(
  member: SeededMember,
  change: () => Promise<T>,
  secrets: (result: T) => string[] = () => [],
) {
  const before = await rows(member.organizationId);
  const result = await change();
  const after = await rows(member.organizationId);
  expect(after).toHaveLength(before.length + 1);
  const entry = after.at(-1)!;
  expect(entry).toMatchObject({ actorType: "user", actorUserId: member.userId, ...ORIGIN });
  for (const s of secrets(result)) {
    expect(s.length).toBeGreaterThan(8);
    expect(JSON.stringify(entry)).not.toContain(s);
  }
  return { entry, result };
}

describe("changes from the dashboard", () => {
  it("logs every API key change with the signed-in user and the request's origin", async () => {
    const dev = await seedMember((await seedOrganization("owner")).organizationId, "developer");
    const api = dashboard(dev);
    const created = await oneEntry(
      dev,
      () => api.apiKeys.create({ name: "dashboard key" }),
      (k) => [k.rawKey],
    );
    const id = created.result.id;
    expect(created.entry).toMatchObject({ action: "apiKey.created", resourceId: id });
    const raw = created.result.rawKey;

    const steps = [
      ["apiKey.updated", () => api.apiKeys.update({ id, description: "for receipts" })],
      ["apiKey.disabled", () => api.apiKeys.setActive({ id, isActive: false })],
      ["apiKey.enabled", () => api.apiKeys.setActive({ id, isActive: true })],
      ["apiKey.deleted", () => api.apiKeys.remove({ id })],
    ] as const;
    const regenerated = await oneEntry(
      dev,
      () => api.apiKeys.regenerate({ id }),
      (r) => [raw, r.rawKey],
    );
    expect(regenerated.entry).toMatchObject({ action: "apiKey.regenerated", changes: { secretChanged: true } });
    for (const [action, run] of steps) {
      const { entry } = await oneEntry(dev, run, () => [raw, regenerated.result.rawKey]);
      expect(entry).toMatchObject({ action, resourceType: "apiKey", resourceId: id });
    }
    const updated = (await rows(dev.organizationId)).find((r) => r.action === "apiKey.updated")!;
    expect(updated.changes).toEqual({ before: { description: null }, after: { description: "for receipts" } });
  });

  it("logs webhook and rate-limit changes", async () => {
    const owner = await seedOrganization("owner");
    const api = dashboard(owner);
    const created = await oneEntry(
      owner,
      () =>
        api.webhooks.create({
          name: "hooks",
          url: "https://hooks.example.com/a",
          events: ["*"],
          secret: "whsec_audit-from-dashboard-0123456789",
        }),
      (w) => [w.secret!],
    );
    expect(created.entry).toMatchObject({ action: "webhook.created", resourceId: created.result.id });
    const updated = await oneEntry(owner, () => api.webhooks.update({ id: created.result.id, events: ["otp.sent"] }));
    expect(updated.entry.changes).toEqual({ before: { events: ["*"] }, after: { events: ["otp.sent"] } });
    await oneEntry(owner, () => api.webhooks.remove({ id: created.result.id }));

    const limits = await oneEntry(owner, () => api.rateLimits.update({ perDay: 20000 }));
    expect(limits.entry).toMatchObject({
      action: "rateLimits.updated",
      changes: { before: { perDay: 30000 }, after: { perDay: 20000 } },
    });
  });

  it("logs invitations, members re-roled and removed, never a link token or a password", async () => {
    const owner = await seedOrganization("owner");
    const api = dashboard(owner);
    const email = uniqueEmail("support");
    const invited = await oneEntry(owner, () => api.members.invite({ email, role: "support" }));
    expect(invited.entry).toMatchObject({
      action: "invitation.created",
      resourceType: "invitation",
      resourceId: invited.result.id,
      changes: { before: null, after: { email, role: "support", expiresAt: invited.result.expiresAt } },
    });
    const invitation = await getDb().invitation.findFirstOrThrow({ where: { id: invited.result.id } });
    expect(JSON.stringify(invited.entry)).not.toContain(invitation.tokenHash);
    const mail = await getDb().emailOutbox.findFirstOrThrow({ where: { toAddress: email } });
    const token = /\/invite\/([A-Za-z0-9]+)/.exec(mail.textBody)![1]!;
    expect(JSON.stringify(invited.entry)).not.toContain(token);

    const password = "invited-support-password";
    const accepted = await acceptInvitation(getDb(), { token, password }, null, ORIGIN);
    const entries = await rows(owner.organizationId);
    const acceptedEntry = entries.at(-1)!;
    expect(acceptedEntry).toMatchObject({ action: "invitation.accepted", actorUserId: accepted.userId });
    expect(JSON.stringify(acceptedEntry)).not.toContain(password);
    expect(JSON.stringify(acceptedEntry)).not.toContain(token);
    const memberId = (await api.members.list()).find((m) => m.email === email)!.id;

    const promoted = await oneEntry(owner, () => api.members.updateRole({ memberId, role: "admin" }));
    expect(promoted.entry).toMatchObject({
      action: "member.roleChanged",
      changes: { before: { role: "support" }, after: { role: "admin" } },
    });
    const removed = await oneEntry(owner, () => api.members.remove({ memberId }));
    expect(removed.entry).toMatchObject({
      action: "member.removed",
      changes: { before: { email, role: "admin" }, after: null },
    });
  });

  it("writes nothing when the change is refused", async () => {
    const owner = await seedOrganization("owner");
    const admin = await seedMember(owner.organizationId, "admin");
    const before = await rows(owner.organizationId);
    // Admins may not touch owners; the last owner cannot be removed; a foreign key is not found.
    const [me] = await dashboard(owner).members.list();
    expect((await trpcError(dashboard(admin).members.remove({ memberId: me!.id }))).code).toBe("FORBIDDEN");
    expect((await trpcError(dashboard(owner).members.remove({ memberId: me!.id }))).code).toBe("FORBIDDEN");
    expect((await trpcError(dashboard(owner).apiKeys.remove({ id: "key_nope" }))).code).toBe("NOT_FOUND");
    expect((await trpcError(dashboard(owner).rateLimits.update({ perMinute: 9999 }))).code).toBe("BAD_REQUEST");
    expect(await rows(owner.organizationId)).toEqual(before);
  });

  it("records the User-Agent header when the route gave no origin", async () => {
    const owner = await seedOrganization("owner");
    const headers = new Headers({ cookie: `${ACTIVE_ORG_COOKIE}=${owner.organizationId}`, "user-agent": "bare/1" });
    const api = createCaller(createTRPCContext({ db: getDb(), session: { user: { id: owner.userId } }, headers }));
    await api.apiKeys.create({ name: "k" });
    expect((await rows(owner.organizationId)).at(-1)).toMatchObject({ ip: null, userAgent: "bare/1" });
  });
});

describe("dashboard sign-ins", () => {
  it("are listed in every organization the user belongs to, and nowhere else", async () => {
    const owner = await seedOrganization("owner");
    const second = await createOrganization(getDb(), owner.userId, "Second");
    const stranger = await seedOrganization("owner");
    const before = await rows(stranger.organizationId);

    expect(await recordSignIn(getDb(), owner.userId, ORIGIN)).toBe(2);
    for (const org of [owner.organizationId, second.id]) {
      const entries = await rows(org);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: "session.signedIn",
        resourceType: "session",
        actorUserId: owner.userId,
        ...ORIGIN,
        changes: { before: null, after: { via: "dashboard" } },
      });
    }
    expect(await rows(stranger.organizationId)).toEqual(before);
  });

  it("write nothing for a user without an organization", async () => {
    const owner = await seedOrganization("owner");
    await getDb().membership.deleteMany({ where: { userId: owner.userId } });
    expect(await recordSignIn(getDb(), owner.userId, ORIGIN)).toBe(0);
  });
});

describe("auditLog.list", () => {
  it("reads the active organization's log for owner, admin and support; not developers or other tenants", async () => {
    const owner = await seedOrganization("owner");
    const other = await seedOrganization("owner");
    await dashboard(owner).apiKeys.create({ name: "ours" });
    await dashboard(other).apiKeys.create({ name: "theirs" });

    const page = await callerFor(owner.userId, owner.organizationId).auditLog.list({});
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      action: "apiKey.created",
      actor: { type: "user", id: owner.userId },
      ip: ORIGIN.ip,
      changes: { after: { name: "ours" } },
    });
    expect(page.nextCursor).toBeNull();

    for (const role of ["admin", "support"] as const) {
      const member = await seedMember(owner.organizationId, role);
      expect((await callerFor(member.userId, owner.organizationId).auditLog.list({})).items).toHaveLength(1);
    }
    const dev = await seedMember(owner.organizationId, "developer");
    expect((await trpcError(callerFor(dev.userId, owner.organizationId).auditLog.list({}))).code).toBe("FORBIDDEN");

    // A cookie naming an organization the user is not in falls back to their own: never the other's log.
    const forged = await callerFor(owner.userId, other.organizationId).auditLog.list({ actor: other.userId });
    expect(forged.items).toEqual([]);
  });

  it("pages and filters like the REST route", async () => {
    const owner = await seedOrganization("owner");
    const api = dashboard(owner);
    for (const name of ["a", "b", "c"]) await api.apiKeys.create({ name });
    await api.rateLimits.update({ perMinute: 50 });
    const reader = callerFor(owner.userId, owner.organizationId);
    const first = await reader.auditLog.list({ limit: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.items[0]!.action).toBe("rateLimits.updated");
    const second = await reader.auditLog.list({ limit: 3, cursor: first.nextCursor! });
    expect(second.items.map((e) => e.changes?.after?.name)).toEqual(["a"]);
    expect(second.nextCursor).toBeNull();
    expect((await reader.auditLog.list({ resourceType: "rateLimits" })).items).toHaveLength(1);
    expect((await reader.auditLog.list({ action: "apiKey.created", actor: owner.userId })).items).toHaveLength(3);
    expect((await reader.auditLog.list({ until: new Date(0) })).items).toEqual([]);
  });
});
