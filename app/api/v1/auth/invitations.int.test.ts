// Contract §14 through the REST routes, with a real SMTP peer: invitations for a new person and an
// existing account, expired and revoked links, and who may invite whom (§3).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { createInvitation } from "@/server/invitations/create-invitation";
import { lookupInvitation } from "@/server/invitations/accept-invitation";
import { userActor } from "@/server/audit/actor";
import { call, expectError, uniqueEmail } from "@/server/test/http";
import { seedMember } from "@/server/test/seed";
import { linkToken } from "@/server/test/smtp-peer";
import { GET as me } from "./me/route";
import { POST as acceptInvitation } from "./invitations/accept/route";
import { GET as listInvitations, POST as invite } from "../developer/members/invitations/route";
import { DELETE as revokeInvitation } from "../developer/members/invitations/[id]/route";
import { acceptInvitationResponse, invitationSchema, invitationsResponse } from "@/schemas/accounts";
import { documented, ORIGIN, mailbox, registered, login, auditActions, withSmtpPeer } from "@/server/test/accounts";

withSmtpPeer();

describe("invitations", () => {
  it("a new person accepts with a password and joins with the role, once", async () => {
    const owner = await registered();
    const { accessToken } = await login(owner.email);
    const email = uniqueEmail("newbie");
    const created = await call(invite, "/api/v1/developer/members/invitations", {
      token: accessToken,
      body: { email, role: "developer" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^inv_/),
      email,
      role: "developer",
      expiresAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(Date.parse(created.json.expiresAt) - Date.parse(created.json.createdAt)).toBe(7 * 86_400_000);
    const listed = await call(listInvitations, "/api/v1/developer/members/invitations", { token: accessToken });
    expect(listed.json).toEqual([created.json]);
    documented(invitationSchema, created.json);
    documented(invitationsResponse, listed.json);

    const mail = (await mailbox(email)).find((m) => m.subject === "Join Acme on SignalGate")!;
    expect(mail.text).toContain("as Developer");
    const token = linkToken(mail, "/invite/");
    const accepted = await call(acceptInvitation, "/api/v1/auth/invitations/accept", {
      body: { token, password: "newbie password", name: "Newbie" },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toEqual({ organization: { id: owner.organizationId, name: "Acme" }, role: "developer" });
    documented(acceptInvitationResponse, accepted.json);
    const joined = await login(email, "newbie password");
    const meRes = await call(me, "/api/v1/auth/me", { token: joined.accessToken });
    expect(meRes.json.role).toBe("developer");
    // The link reached the address: it is verified.
    expect(meRes.json.user.emailVerified).not.toBeNull();
    // Accepted invitations leave the list; the link is used up.
    expect((await call(listInvitations, "/api/v1/developer/members/invitations", { token: accessToken })).json).toEqual(
      [],
    );
    expectError(
      await call(acceptInvitation, "/api/v1/auth/invitations/accept", { body: { token, password: "newbie password" } }),
      400,
      "invalid_token",
    );
    expect((await lookupInvitation(getDb(), token)).state).toBe("accepted");
    // Inviting them again: already a member.
    expectError(
      await call(invite, "/api/v1/developer/members/invitations", {
        token: accessToken,
        body: { email, role: "admin" },
      }),
      409,
      "already_member",
    );
    const audit = await auditActions(owner.organizationId);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["invitation.created", "invitation.accepted"]));
    expect(JSON.stringify(audit)).not.toContain(token);
    expect(JSON.stringify(audit)).not.toContain("newbie password");
  });

  it("an existing account accepts with its own access token, and only with it", async () => {
    const owner = await registered();
    const ownerToken = (await login(owner.email)).accessToken;
    const other = await registered();
    const created = await call(invite, "/api/v1/developer/members/invitations", {
      token: ownerToken,
      body: { email: other.email, role: "support" },
    });
    expect(created.status).toBe(201);
    const token = linkToken(
      (await mailbox(other.email)).find((m) => m.subject === "Join Acme on SignalGate")!,
      "/invite/",
    );
    expect(await lookupInvitation(getDb(), token)).toMatchObject({ state: "pending", accountExists: true });

    expectError(
      await call(acceptInvitation, "/api/v1/auth/invitations/accept", { body: { token } }),
      401,
      "unauthenticated",
    );
    // Someone else's token: refused, the invitation stays usable.
    const stranger = await registered();
    expectError(
      await call(acceptInvitation, "/api/v1/auth/invitations/accept", {
        body: { token },
        token: (await login(stranger.email)).accessToken,
      }),
      403,
      "forbidden",
    );
    const ok = await call(acceptInvitation, "/api/v1/auth/invitations/accept", {
      body: { token },
      token: (await login(other.email)).accessToken,
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ organization: { id: owner.organizationId, name: "Acme" }, role: "support" });
    const membership = await getDb().membership.findUnique({
      where: { userId_organizationId: { userId: other.userId, organizationId: owner.organizationId } },
    });
    expect(membership?.role).toBe("support");
  });

  it("expired and revoked links are refused (400 invalid_token) and named as such", async () => {
    const owner = await registered();
    const ownerToken = (await login(owner.email)).accessToken;
    const actor = userActor(owner.userId, ORIGIN);
    const lateEmail = uniqueEmail("late");
    await createInvitation(
      getDb(),
      owner.organizationId,
      { email: lateEmail, role: "developer" },
      "owner",
      actor,
      new Date(Date.now() - 8 * 86_400_000),
    );
    const late = linkToken((await mailbox(lateEmail)).at(-1)!, "/invite/");
    expect((await lookupInvitation(getDb(), late)).state).toBe("expired");
    expectError(
      await call(acceptInvitation, "/api/v1/auth/invitations/accept", {
        body: { token: late, password: "late password 1" },
      }),
      400,
      "invalid_token",
    );

    const goneEmail = uniqueEmail("gone");
    const created = await call(invite, "/api/v1/developer/members/invitations", {
      token: ownerToken,
      body: { email: goneEmail, role: "admin" },
    });
    const gone = linkToken((await mailbox(goneEmail)).at(-1)!, "/invite/");
    const del = await call(revokeInvitation, `/api/v1/developer/members/invitations/${created.json.id}`, {
      token: ownerToken,
      method: "DELETE",
      params: { id: created.json.id },
    });
    expect(del.status).toBe(204);
    expect((await lookupInvitation(getDb(), gone)).state).toBe("revoked");
    expectError(
      await call(acceptInvitation, "/api/v1/auth/invitations/accept", {
        body: { token: gone, password: "gone password 1" },
      }),
      400,
      "invalid_token",
    );
    expect(await getDb().user.count({ where: { email: goneEmail } })).toBe(0);
    expectError(
      await call(revokeInvitation, `/api/v1/developer/members/invitations/${created.json.id}`, {
        token: ownerToken,
        method: "DELETE",
        params: { id: created.json.id },
      }),
      404,
      "not_found",
    );
    expect((await auditActions(owner.organizationId)).map((a) => a.action)).toContain("invitation.revoked");
  });

  it("follows §3: an admin cannot invite an owner; developer and support get 403", async () => {
    const owner = await registered();
    const admin = await seedMember(owner.organizationId, "admin");
    const developer = await seedMember(owner.organizationId, "developer");
    const support = await seedMember(owner.organizationId, "support");
    const body = (role: string) => ({ email: uniqueEmail(), role });
    expectError(
      await call(invite, "/api/v1/developer/members/invitations", { token: admin.accessToken, body: body("owner") }),
      403,
      "forbidden",
    );
    expect(
      (await call(invite, "/api/v1/developer/members/invitations", { token: admin.accessToken, body: body("admin") }))
        .status,
    ).toBe(201);
    for (const m of [developer, support]) {
      expectError(
        await call(invite, "/api/v1/developer/members/invitations", { token: m.accessToken, body: body("support") }),
        403,
        "forbidden",
      );
      expectError(
        await call(listInvitations, "/api/v1/developer/members/invitations", { token: m.accessToken }),
        403,
        "forbidden",
      );
    }
  });
});
