// Issue 38, item 1: an organization's two-factor requirement holds a member who has not enrolled
// at one gate for every REST route (authenticateUser) and one for every tRPC procedure
// (protectedProcedure). This walks every route file under app/api/v1 and every procedure of the
// app router with such a member's token and cookie: only what enrolling needs answers them.
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, expectError } from "@/server/test/http";
import { getTrpc, postTrpc } from "@/server/test/trpc";
import { seedMember, seedOrganization, type SeededMember } from "@/server/test/seed";
import { SYSTEM_ACTOR } from "@/server/audit/actor";
import { confirmTotpEnrollment, startTotpEnrollment } from "@/server/two-factor/enrollment";
import { setRequireMfa } from "@/server/two-factor/require-mfa";
import { totpCodeAt } from "@/server/two-factor/totp";
import { getDb } from "@/server/db/client";
import { walkRoutes } from "@/server/test/route-files";
import { appRouter } from "@/server/trpc/root";

// The dashboard's own cookie routes read the next-auth session; here it is whoever `signedIn` names.
let signedIn: string | null = null;
vi.mock("@/server/auth/next-auth", () => ({ auth: async () => (signedIn ? { user: { id: signedIn } } : null) }));

const here = path.dirname(new URL(import.meta.url).pathname);

// What a member held back until they enrol may still reach: enrolling, and their own account.
const OPEN_ROUTES = [
  "GET /auth/me",
  "GET /auth/sessions",
  "DELETE /auth/sessions/[id]",
  "POST /auth/mfa/totp",
  "POST /auth/mfa/totp/confirm",
];
const OPEN_PROCEDURES = [
  "viewer.me",
  "account.profile",
  "account.sessions",
  "account.revokeSession",
  "organizations.list",
  "organizations.active",
  "organizations.switch",
  "twoFactor.status",
  "twoFactor.start",
  "twoFactor.confirm",
  "twoFactor.requirement",
];

async function enrol(userId: string) {
  const { secret } = await startTotpEnrollment(getDb(), userId);
  await confirmTotpEnrollment(getDb(), userId, totpCodeAt(secret, new Date()), SYSTEM_ACTOR);
}

let owner: SeededMember;
let member: SeededMember;

beforeAll(async () => {
  owner = await seedOrganization("owner");
  await enrol(owner.userId);
  await setRequireMfa(getDb(), owner.organizationId, owner, true, SYSTEM_ACTOR);
  member = await seedMember(owner.organizationId, "admin");
});

describe("every REST route, with an unenrolled member's access token", () => {
  it("answers 401 mfa_enrollment_required except on the enrolment routes", async () => {
    const open: string[] = [];
    let gated = 0;
    for (const { name, method, route, handler, params } of await walkRoutes(here)) {
      const { auth, allowUnenrolled } = handler.routeOptions;
      if (auth !== "jwt" && auth !== "any") continue;
      const res = await call(handler, `/api/v1${route}`, { method, params, token: member.accessToken });
      if (allowUnenrolled) {
        open.push(name);
        expect(res.json?.error?.code, name).not.toBe("mfa_enrollment_required");
      } else {
        gated++;
        expectError(res, 401, "mfa_enrollment_required");
      }
    }
    expect(open.sort()).toEqual([...OPEN_ROUTES].sort());
    expect(gated).toBeGreaterThan(40);
  });

  it("lets the member in once they enrol, and never held back an enrolled owner", async () => {
    const { GET } = await import("./developer/api-keys/route");
    expect((await call(GET, "/api/v1/developer/api-keys", { token: owner.accessToken })).status).toBe(200);
    const late = await seedMember(owner.organizationId, "developer");
    expectError(
      await call(GET, "/api/v1/developer/api-keys", { token: late.accessToken }),
      401,
      "mfa_enrollment_required",
    );
    await enrol(late.userId);
    expect((await call(GET, "/api/v1/developer/api-keys", { token: late.accessToken })).status).toBe(200);
  });

  it("refuses the old token of a member creating a permanent API key (item 7)", async () => {
    const { POST } = await import("./developer/api-keys/route");
    const res = await call(POST, "/api/v1/developer/api-keys", {
      token: member.accessToken,
      body: { name: "backdoor", environment: "live" },
    });
    expectError(res, 401, "mfa_enrollment_required");
    expect(await getDb().apiKey.count({ where: { organizationId: owner.organizationId } })).toBe(0);
  });
});

describe("every tRPC procedure, with an unenrolled member's session", () => {
  it("answers 403 except the enrolment screen's procedures", async () => {
    const session = { user: { id: member.userId } };
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    const open: string[] = [];
    for (const [name, procedure] of Object.entries(procedures)) {
      const res =
        procedure._def.type === "query"
          ? await getTrpc(name, undefined, session, owner.organizationId)
          : await postTrpc(name, undefined, session, owner.organizationId);
      const error = res.body.error?.json;
      const held = error?.data.httpStatus === 403 && /requires two-factor/.test(error.message);
      if (OPEN_PROCEDURES.includes(name)) {
        open.push(name);
        expect(held, name).toBe(false);
      } else {
        expect({ name, status: res.status, held }).toEqual({ name, status: 403, held: true });
      }
    }
    expect(open.sort()).toEqual([...OPEN_PROCEDURES].sort());
    expect(Object.keys(procedures).length).toBeGreaterThan(100);
  });

  it("holds the member back in the inbox that stayed open before (item 1)", async () => {
    const session = { user: { id: member.userId } };
    for (const name of ["inbox.conversations", "inbox.conversation"]) {
      const res = await getTrpc(name, { phone: "+14155550123" }, session, owner.organizationId);
      expect({ name, status: res.status }).toEqual({ name, status: 403 });
    }
    const mine = await getTrpc("inbox.conversations", {}, { user: { id: owner.userId } }, owner.organizationId);
    expect(mine.status).toBe(200);
  });
});

describe("the dashboard's cookie routes outside tRPC", () => {
  it("hold the member back from the contacts export too", async () => {
    const { GET } = await import("@/app/(dashboard)/dashboard/contacts/export/route");
    const cookie = { cookie: `sg_org=${owner.organizationId}` };
    signedIn = member.userId;
    const refused = await GET(new Request("http://localhost/dashboard/contacts/export", { headers: cookie }));
    expect({ status: refused.status, text: await refused.text() }).toEqual({
      status: 403,
      text: expect.stringMatching(/requires two-factor/),
    });
    signedIn = owner.userId;
    expect((await GET(new Request("http://localhost/dashboard/contacts/export", { headers: cookie }))).status).toBe(
      200,
    );
  });
});
