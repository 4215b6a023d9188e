import { databaseHealth } from "@/server/db/client";
import { resolveRequestId } from "@/server/http/request-id";

export const dynamic = "force-dynamic";

/** Liveness plus database reachability; 503 when the database does not answer. */
export async function GET(req: Request): Promise<Response> {
  const requestId = resolveRequestId(req.headers.get("x-request-id"));
  const database = await databaseHealth();
  return Response.json(
    { status: database.ok ? "ok" : "degraded", database },
    { status: database.ok ? 200 : 503, headers: { "cache-control": "no-store", "x-request-id": requestId } },
  );
}
