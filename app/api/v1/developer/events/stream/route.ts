import { apiRoute, recheckCredential } from "@/server/http/api-route";
import { eventStreamResponse } from "@/server/events/sse-response";
import { EVENTS_AUTH } from "@/server/events/route-auth";
import { streamQuery } from "@/schemas/events";

// contract §13: Server-Sent Events of the organization's events as they commit, for as long as the
// credential that opened the stream holds (issue 38: checked again every 30 s and on revocation).
export const dynamic = "force-dynamic";

export const GET = apiRoute({ ...EVENTS_AUTH, query: streamQuery }, async ({ req, auth, query }) =>
  eventStreamResponse(req, {
    organizationId: auth.organizationId,
    types: query.types ?? [],
    lastEventId: req.headers.get("last-event-id"),
    credential: {
      organizationId: auth.organizationId,
      ...(auth.kind === "apiKey" ? { keyId: auth.keyId } : { userId: auth.userId }),
      group: req.headers.get("authorization") ?? "",
      recheck: () => recheckCredential(req, EVENTS_AUTH),
    },
  }),
);
