import { z } from "zod";
import { messageStatusResponse } from "@/schemas/messages";
import { batchIdParam } from "@/schemas/message-history";
import { batchCancelResponse } from "@/schemas/scheduling";
import { operation } from "../operation";
import type { PathModule } from "./types";

/** contract §11: how scheduling reads in the send operations and on its own tag. */
export const SCHEDULING =
  "**Scheduling:** add `sendAt` (ISO 8601, e.g. `2026-12-01T09:00:00Z`) to send later, from 60 seconds to 35 " +
  "days ahead (else 400 `invalid_send_at`, naming the window). The answer is the same 202 with status " +
  "`SCHEDULED` and `sendAt`. A live message is priced, checked against the spend limit and counted now, when it " +
  "is accepted; at `sendAt` it becomes `QUEUED` and follows the usual lifecycle. Until then it can be canceled " +
  "(never sent, never billed). A recipient who opts out before `sendAt` is not texted: the message becomes " +
  "`CANCELED` with `errorCode` `recipient_opted_out`.";

const messageIdParams = z.object({
  messageId: z.string().meta({
    description: "The `messageId` a scheduled send answered.",
    example: "msg_0Q3fJ7a2Xc9vB1nM4kLp8sTz",
  }),
});

export const schedulingPaths: PathModule = {
  tag: {
    name: "Scheduling",
    description:
      "Messages sent later: `sendAt` on `POST /api/v1/sms/send` and `/sms/bulk`, status `SCHEDULED` until due " +
      "(filter history with `status=SCHEDULED`), and cancels. Events: `message.scheduled` at acceptance, " +
      '`message.queued` when due, `message.canceled` `{ …, reason: "api" | "opted_out" | "campaign" }`.',
  },
  paths: {
    "/api/v1/sms/{messageId}/cancel": {
      post: operation({
        auth: "apiKey",
        scope: "sms.send",
        rateLimit: "sms.send",
        params: messageIdParams,
        operationId: "cancelMessage",
        summary: "Cancel a scheduled message",
        description:
          "A `SCHEDULED` message becomes `CANCELED` (with `canceledAt`): it is never sent, its `price` becomes " +
          '`"0.0000"` and what it held of the monthly spend limit is released. A `message.canceled` event with ' +
          '`reason: "api"` is emitted. A message that is no longer `SCHEDULED` (it was due, or already canceled) ' +
          "answers 409 `not_cancelable`; a cancel racing the due time has exactly one outcome. An unknown id, or " +
          "another organization's or environment's, answers 404 `not_found`.",
        success: { status: 200, description: "The canceled message.", schema: messageStatusResponse },
        errors: ["not_found", "not_cancelable"],
      }),
    },
    "/api/v1/sms/batches/{batchId}/cancel": {
      post: operation({
        auth: "apiKey",
        scope: "sms.send",
        rateLimit: "sms.send",
        params: batchIdParam,
        operationId: "cancelBatch",
        summary: "Cancel a scheduled bulk batch",
        description:
          "Cancels every message of the batch that is still `SCHEDULED`, in one statement, as a single cancel " +
          "does, and answers how many. Messages already due are left alone, so `canceled` may be 0. An unknown " +
          "batch, or another organization's or environment's, answers 404 `not_found`.",
        success: { status: 200, description: "How many messages were canceled.", schema: batchCancelResponse },
        errors: ["not_found"],
      }),
    },
  },
};
