import { z } from "zod";
import { getEventOrThrow } from "../../events/get-event-or-throw";
import { listEventDeliveries } from "../../events/event-deliveries";
import { listEvents } from "../../events/list-events";
import { eventsQuery } from "@/schemas/events";
import { roleProcedure, router } from "../init";

// The same domain functions as the REST routes (app/api/v1/developer/events): members read events
// as they read webhooks and their delivery logs.
const eventId = z.strictObject({ id: z.string().trim().min(1).max(64) });

export const eventsRouter = router({
  list: roleProcedure("webhooks.read")
    .input(eventsQuery)
    .query(({ ctx, input }) => listEvents(null, ctx.organizationId, input)),

  byId: roleProcedure("webhooks.read")
    .input(eventId)
    .query(async ({ ctx, input }) => ({
      ...(await getEventOrThrow(null, ctx.organizationId, input.id)),
      deliveries: await listEventDeliveries(ctx.db, ctx.organizationId, input.id),
    })),
});
