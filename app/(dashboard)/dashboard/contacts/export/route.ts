import { auth } from "@/server/auth/next-auth";
import { getDb } from "@/server/db/client";
import { exportContactsCsv } from "@/server/contacts/export-contacts";
import { resolveActiveMembership } from "@/server/orgs/memberships";
import { ACTIVE_ORG_COOKIE, readCookie } from "@/server/trpc/active-org-cookie";
import { can } from "@/schemas/roles";

// The dashboard's Export CSV: the same stream as GET /api/v1/contacts/export, for the signed-in
// member's active organization (the session cookie, like tRPC; a plain link, so no CSRF concern:
// a GET that changes nothing).
export async function GET(req: Request): Promise<Response> {
  const userId = (await auth())?.user?.id;
  if (!userId) return new Response("Sign in to export contacts.", { status: 401 });
  const membership = await resolveActiveMembership(getDb(), userId, readCookie(req.headers, ACTIVE_ORG_COOKIE));
  if (!membership || !can(membership.role, "contacts.read")) {
    return new Response("Your role does not allow this.", { status: 403 });
  }
  const rows = exportContactsCsv(getDb(), membership.organizationId);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="contacts-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
}
