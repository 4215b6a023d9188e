import { resolveRequestId } from "@/server/http/request-id";

export const dynamic = "force-dynamic";

/** Liveness: the process answers HTTP. Never touches the database, so a database outage restarts nothing. */
export function GET(req: Request): Response {
  const requestId = resolveRequestId(req.headers.get("x-request-id"));
  return Response.json(
    { status: "ok" },
    { status: 200, headers: { "cache-control": "no-store", "x-request-id": requestId } },
  );
}
