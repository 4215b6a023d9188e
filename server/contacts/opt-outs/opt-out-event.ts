import type { DbOrTx } from "../../db/client";
import { newId } from "../../ids";
import type { OptOutEventPayload } from "@/schemas/opt-outs";

/** Writes the event to the outbox in the caller's transaction: the opt-out and its event commit together. */
export async function insertOptOutEvent(
  tx: DbOrTx,
  organizationId: string,
  type: "contact.opted_out" | "contact.opted_in",
  payload: OptOutEventPayload,
): Promise<void> {
  await tx.outboxEvent.create({
    data: {
      id: newId("evt"),
      organizationId,
      type,
      payload: { ...payload },
      occurredAt: new Date(payload.at),
    },
  });
}
