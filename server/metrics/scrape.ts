import { getEnv } from "../env";
import { requireConfiguredToken } from "../http/configured-token";
import { errorResponse } from "../http/error-response";
import { resolveRequestId } from "../http/request-id";
import { refreshQueueGauges } from "./queue-gauges";
import { metrics } from "./registry";

/**
 * GET /metrics (contract §16): Prometheus text exposition 0.0.4, for `Authorization: Bearer
 * <METRICS_TOKEN>` only (404 while it is unset). In-memory counters plus the cached queue query.
 */
export async function answerScrape(req: Request): Promise<Response> {
  const requestId = resolveRequestId(req.headers.get("x-request-id"));
  try {
    requireConfiguredToken(req, getEnv().METRICS_TOKEN, "metrics token");
    await refreshQueueGauges();
    const { registry } = metrics();
    return new Response(await registry.metrics(), {
      headers: { "content-type": registry.contentType, "cache-control": "no-store", "x-request-id": requestId },
    });
  } catch (err) {
    const response = errorResponse(err, requestId);
    response.headers.set("x-request-id", requestId);
    return response;
  }
}
