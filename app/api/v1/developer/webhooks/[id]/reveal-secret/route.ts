import { getDb } from "@/server/db/client";
import { apiRoute, jsonResponse } from "@/server/http/api-route";
import { revealWebhookSecret } from "@/server/webhooks/reveal-secret";

// A secret in the answer: never stored by a cache on the way.
export const POST = apiRoute(
  { auth: "jwt", allow: "webhooks.revealSecret", rateLimit: "webhooks" },
  async ({ auth, params, actor }) =>
    jsonResponse(await revealWebhookSecret(getDb(), auth.organizationId, params.id!, actor), {
      headers: { "cache-control": "no-store" },
    }),
);
