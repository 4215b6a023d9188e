import { apiRoute } from "@/server/http/api-route";
import { getEventOrThrow } from "@/server/events/get-event-or-throw";
import { EVENTS_AUTH } from "@/server/events/route-auth";

export const GET = apiRoute(EVENTS_AUTH, ({ auth, params }) => getEventOrThrow(null, auth.organizationId, params.id!));
