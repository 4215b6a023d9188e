import { databaseHealth } from "@/server/db/client";

export const dynamic = "force-dynamic";

/** Liveness plus database reachability; 503 when the database does not answer. */
export async function GET(): Promise<Response> {
  const database = await databaseHealth();
  return Response.json(
    { status: database.ok ? "ok" : "degraded", database },
    { status: database.ok ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
