import { z } from "zod";
import { createSenderPoolInput, senderPoolSchema, updateSenderPoolInput } from "@/schemas/sender-pools";
import { operation } from "../operation";
import type { PathModule } from "./types";

const poolIdParams = z.object({
  id: z.string().meta({ description: "The pool's id (`pool_…`).", example: "pool_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
});
const read = { auth: "jwt", allow: "senderPools.read", rateLimit: "webhooks" } as const;
const manage = { auth: "jwt", allow: "senderPools.manage", rateLimit: "webhooks" } as const;

export const senderPoolsPaths: PathModule = {
  tag: {
    name: "Sender pools",
    description:
      'A set of your numbers and an optional alphanumeric sender ID, as Twilio\'s Messaging Services. Send with `from: "pool_…"` ' +
      "(single, bulk, scheduled, a campaign's `from`) and the service picks a sender per recipient: (1) sticky sender, the " +
      "pool number that last texted the recipient within 30 days; (2) geo-match, a pool number of the recipient's country, " +
      "preferring the same NANP area code; (3) the alphanumeric sender ID where the recipient's country allows one (not the " +
      "US or Canada); (4) the pool number with the shortest queue (ties: the least recently used). The message's `from` is " +
      "the sender chosen and its `poolId` the pool. A pool that cannot serve a recipient answers 400 " +
      "`no_sender_for_country` (per index in bulk). Owner, admin and developer manage pools; support reads them.",
  },
  paths: {
    "/api/v1/developer/sender-pools": {
      get: operation({
        ...read,
        operationId: "listSenderPools",
        summary: "List sender pools",
        description: "Every sender pool of the organization, oldest first.",
        success: { status: 200, description: "The pools.", schema: z.array(senderPoolSchema) },
        errors: [],
      }),
      post: operation({
        ...manage,
        body: createSenderPoolInput,
        bodyExample: { name: "Marketing", numbers: ["+14155550100"], alphanumericSenderId: "Acme" },
        operationId: "createSenderPool",
        summary: "Create a sender pool",
        description:
          "At least one number or an alphanumeric sender ID. Every number must be assigned to this organization " +
          "(400 `number_not_owned`); a number may be in several pools. At most 100 pools (409 `limit_reached`).",
        success: { status: 201, description: "The pool.", schema: senderPoolSchema },
        errors: ["number_not_owned", "limit_reached"],
      }),
    },
    "/api/v1/developer/sender-pools/{id}": {
      get: operation({
        ...read,
        operationId: "getSenderPool",
        summary: "Get a sender pool",
        description: "The pool with its numbers and settings.",
        params: poolIdParams,
        success: { status: 200, description: "The pool.", schema: senderPoolSchema },
        errors: ["not_found"],
      }),
      patch: operation({
        ...manage,
        body: updateSenderPoolInput,
        bodyExample: { numbers: ["+14155550100"], stickySender: false },
        operationId: "updateSenderPool",
        summary: "Change a sender pool",
        description:
          "Any of `name`, `numbers` (replaces the list), `alphanumericSenderId` (null removes it), `stickySender` and " +
          "`geoMatch`. The pool must keep a number or an alphanumeric sender ID.",
        params: poolIdParams,
        success: { status: 200, description: "The pool after the change.", schema: senderPoolSchema },
        errors: ["not_found", "number_not_owned"],
      }),
      delete: operation({
        ...manage,
        operationId: "deleteSenderPool",
        summary: "Delete a sender pool",
        description: "Messages sent through it keep its id as `poolId`; a send naming it afterwards answers 404.",
        params: poolIdParams,
        success: { status: 204, description: "Deleted." },
        errors: ["not_found"],
      }),
    },
  },
};
