import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { resendEvent } from "@/server/events/resend-event";
import { EVENTS_RESEND_AUTH } from "@/server/events/route-auth";
import { resendEventInput } from "@/schemas/events";

export const POST = apiRoute(
  { ...EVENTS_RESEND_AUTH, body: resendEventInput, status: 202 },
  ({ auth, params, body, actor }) => resendEvent(getDb(), auth.organizationId, params.id!, body.webhookId, actor),
);
