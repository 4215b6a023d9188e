import { z } from "zod";
import { assignNumberInput, phoneNumberViewSchema } from "@/schemas/numbers";
import { operation } from "../operation";
import type { PathModule } from "./types";

// contract §10. The same options as app/api/v1/{numbers,operator/numbers}/**/route.ts pass to apiRoute().
const numberParams = z.object({
  number: z.string().meta({ description: "The number (`+` may be sent as `%2B`).", example: "+14155550100" }),
});

export const numbersPaths: PathModule = {
  tag: {
    name: "Numbers",
    description:
      "Receiving numbers (long codes, short codes). The service operator assigns them to organizations with " +
      "the operator token; an organization lists its own with an API key.",
  },
  paths: {
    "/api/v1/numbers": {
      get: operation({
        auth: "apiKey",
        scope: "sms.read",
        operationId: "listNumbers",
        summary: "List your numbers",
        description: "The receiving numbers assigned to your organization, in number order.",
        success: { status: 200, description: "Your numbers.", schema: z.array(phoneNumberViewSchema) },
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
          "an assigned one answers 409 `number_taken`; an unknown organization answers 404.",
        body: assignNumberInput,
        bodyExample: { number: "+14155550100", organizationId: "org_0Q3fJ7a2Xc9vB1nM4kLp8sTz" },
        success: { status: 201, description: "The assignment.", schema: phoneNumberViewSchema },
        errors: ["number_taken"],
      }),
    },
    "/api/v1/operator/numbers/{number}": {
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
