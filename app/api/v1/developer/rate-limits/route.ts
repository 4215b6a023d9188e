import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { getRateLimits } from "@/server/rate-limits/get-rate-limits";
import { updateRateLimits } from "@/server/rate-limits/update-rate-limits";
import { updateRateLimitsInput } from "@/schemas/rate-limits";

export const GET = apiRoute({ auth: "jwt", allow: "rateLimits.read", rateLimit: "rateLimits" }, ({ auth }) =>
  getRateLimits(getDb(), auth.organizationId),
);

export const PATCH = apiRoute(
  { auth: "jwt", allow: "rateLimits.manage", rateLimit: "rateLimits", body: updateRateLimitsInput },
  ({ auth, body, actor }) => updateRateLimits(getDb(), auth.organizationId, body, actor),
);
