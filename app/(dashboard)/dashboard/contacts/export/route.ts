import { auth } from "@/server/auth/next-auth";
import { getDb } from "@/server/db/client";
import { exportContactsCsv } from "@/server/contacts/export-contacts";
import { csvResponse } from "@/server/contacts/csv-response";
import { AppError } from "@/server/errors";
import { dashboardMember } from "@/server/trpc/dashboard-member";
import { can } from "@/schemas/roles";

// The dashboard's Export CSV: the same stream as GET /api/v1/contacts/export, for the signed-in
// member's active organization (the session cookie, like tRPC; a plain link, so no CSRF concern:
// a GET that changes nothing). Support reads contacts one by one but exports none (issue 39).
export async function GET(req: Request): Promise<Response> {
  const userId = (await auth())?.user?.id;
  if (!userId) return new Response("Sign in to export contacts.", { status: 401 });
  const membership = await dashboardMember(getDb(), userId, req.headers).catch((err: unknown) => {
    if (err instanceof AppError) return err; // a member who must set up two-factor first
    throw err;
  });
  if (membership instanceof AppError) return new Response(membership.message, { status: membership.status });
  if (!membership || !can(membership.role, "contacts.export")) {
    return new Response("Your role does not allow this.", { status: 403 });
  }
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(exportContactsCsv(getDb(), membership.organizationId), `contacts-${day}.csv`);
}
