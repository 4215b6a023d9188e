import { apiRoute, jsonResponse } from "@/server/http/api-route";
import { listEvents } from "@/server/events/list-events";
import { eventsQuery } from "@/schemas/events";
import { EVENTS_AUTH } from "@/server/events/route-auth";

// contract §13: newest first, 30 days, the next page's cursor in X-Next-Cursor.
export const GET = apiRoute({ ...EVENTS_AUTH, query: eventsQuery }, async ({ auth, query }) => {
  const page = await listEvents(null, auth.organizationId, query);
  return jsonResponse(page.items, { headers: page.nextCursor ? { "x-next-cursor": page.nextCursor } : {} });
});
