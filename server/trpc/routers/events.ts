import { z } from "zod";
import { getEventOrThrow } from "../../events/get-event-or-throw";
import { listEventDeliveries } from "../../events/event-deliveries";
import { listEvents } from "../../events/list-events";
import { resendEvent } from "../../events/resend-event";
import { eventsQuery, resendEventInput } from "@/schemas/events";
import { roleProcedure, router } from "../init";

// The same domain functions as the REST routes (app/api/v1/developer/events): members read events
// as they read webhooks and their delivery logs.
const eventId = z.strictObject({ id: z.string().trim().min(1).max(64) });
/** Infinite queries add `direction`; paging only goes forward, so it is ignored. */
const listInput = eventsQuery.extend({ direction: z.enum(["forward", "backward"]).optional() });

export const eventsRouter = router({
  list: roleProcedure("webhooks.read")
    .input(listInput)
    .query(({ ctx, input: { direction: _direction, ...query } }) => listEvents(null, ctx.organizationId, query)),

  byId: roleProcedure("webhooks.read")
    .input(eventId)
    .query(async ({ ctx, input }) => ({
      ...(await getEventOrThrow(null, ctx.organizationId, input.id)),
      deliveries: await listEventDeliveries(ctx.db, ctx.organizationId, input.id),
    })),

  /** The event to one webhook now, as `POST /developer/events/:id/resend` (support too; audited). */
  resend: roleProcedure("webhooks.redeliver")
    .input(resendEventInput.extend(eventId.shape))
    .mutation(({ ctx, input }) => resendEvent(ctx.db, ctx.organizationId, input.id, input.webhookId, ctx.actor)),
});
