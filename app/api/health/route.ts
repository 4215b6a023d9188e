import { getDriver } from "@/server/db/client";
import { checkReadiness } from "@/server/health/readiness";
import { resolveRequestId } from "@/server/http/request-id";

export const dynamic = "force-dynamic";

/**
 * Readiness: 200 only when this instance should get traffic (database answers, migrations applied,
 * not shutting down); 503 with the reason otherwise. Liveness is /api/health/live.
 */
export async function GET(req: Request): Promise<Response> {
  const requestId = resolveRequestId(req.headers.get("x-request-id"));
  const { ok, reason, database, migrations } = await checkReadiness(getDriver());
  return Response.json(
    { status: ok ? "ok" : "degraded", ...(reason && { reason }), database, migrations },
    { status: ok ? 200 : 503, headers: { "cache-control": "no-store", "x-request-id": requestId } },
  );
}
