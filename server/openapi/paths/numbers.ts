import { z } from "zod";
import {
  assignNumberInput,
  organizationNumberSchema,
  phoneNumberViewSchema,
  updateNumberInput,
} from "@/schemas/numbers";
import { operation } from "../operation";
import type { PathModule } from "./types";

// contract §10 and §15. The same options as app/api/v1/{numbers,operator/numbers}/**/route.ts pass to apiRoute().
const numberParams = z.object({
  number: z.string().meta({ description: "The number (`+` may be sent as `%2B`).", example: "+14155550100" }),
});

export const numbersPaths: PathModule = {
  tag: {
    name: "Numbers",
    description:
      "Numbers (long codes, toll-free numbers, short codes). The service operator assigns them to organizations " +
      "with the operator token, with a type and a throughput (`mps`, message segments per second: carriers let a " +
      "US long code send about 1, toll-free 3, a short code 100); an organization lists its own, each with its " +
      "paced queue, with an API key. See Live delivery in the docs.",
  },
  paths: {
    "/api/v1/numbers": {
      get: operation({
        auth: "apiKey",
        scope: "sms.read",
        operationId: "listNumbers",
        summary: "List your numbers",
        description:
          "The numbers assigned to your organization, in number order, each with its type, throughput and queue: " +
          "the live segments waiting for it, since when, and how long they should take at its `mps`.",
        success: { status: 200, description: "Your numbers.", schema: z.array(organizationNumberSchema) },
      }),
    },
    "/api/v1/operator/numbers": {
      get: operation({
        auth: "operator",
        operationId: "operatorListNumbers",
        summary: "List assigned numbers (operator)",
        description: "Every assigned number, in number order.",
        success: { status: 200, description: "Every assigned number.", schema: z.array(phoneNumberViewSchema) },
      }),
      post: operation({
        auth: "operator",
        operationId: "operatorAssignNumber",
        summary: "Assign a number (operator)",
        description:
          "`number` is E.164 or a short code of 3 to 8 digits. A number belongs to at most one organization: " +
          "an assigned one answers 409 `number_taken`; an unknown organization answers 404. `type` defaults from " +
          "the number (3 to 8 digits: `short_code`; libphonenumber's toll-free type: `toll_free`; else `long_code`), " +
          "`mps` from the type (1, 3, 100).",
        body: assignNumberInput,
        bodyExample: {
          number: "+14155550100",
          organizationId: "org_0Q3fJ7a2Xc9vB1nM4kLp8sTz",
          type: "long_code",
          mps: 1,
        },
        success: { status: 201, description: "The assignment.", schema: phoneNumberViewSchema },
        errors: ["number_taken"],
      }),
    },
    "/api/v1/operator/numbers/{number}": {
      patch: operation({
        auth: "operator",
        operationId: "operatorUpdateNumber",
        summary: "Change a number's type or throughput (operator)",
        description:
          "A new `type` without `mps` takes the type's default. The sender's queue is paced at the new rate from " +
          "its next hand-off on.",
        params: numberParams,
        body: updateNumberInput,
        bodyExample: { mps: 3 },
        success: { status: 200, description: "The number.", schema: phoneNumberViewSchema },
      }),
      delete: operation({
        auth: "operator",
        operationId: "operatorReleaseNumber",
        summary: "Release a number (operator)",
        params: numberParams,
        success: { status: 204, description: "Released." },
      }),
    },
  },
};
