import { z } from "zod";
import { alertSchema, createAlertInput, updateAlertInput } from "@/schemas/alerts";
import { operation } from "../operation";
import type { PathModule } from "./types";

const alertIdParams = z.object({
  id: z.string().meta({ description: "The alert's id (`alr_…`).", example: "alr_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
});
const manage = { auth: "jwt", allow: "alerts.manage", rateLimit: "webhooks" } as const;

export const alertsPaths: PathModule = {
  tag: {
    name: "Alerts",
    description:
      "Be told when delivery falls, errors rise, webhooks fail or spend grows. Each alert is evaluated every minute " +
      "from the hourly aggregates over its window and environment: `delivery_rate` = delivered ÷ settled messages " +
      "(DELIVERED, UNDELIVERED or FAILED) triggers below its threshold; `error_rate` = (UNDELIVERED + FAILED) ÷ " +
      "settled, `webhook_failure_rate` = failed attempts ÷ attempts (all environments) and `spend` trigger above it. " +
      "Crossing the threshold sends `alert.triggered` `{ alertId, metric, value, threshold, windowMinutes }` and an " +
      "email to the organization's owners and admins; coming back sends `alert.resolved`: one of each per crossing. " +
      "A webhook endpoint that failed every attempt for 24 hours raises `alert.triggered` with metric " +
      "`webhook_endpoint_failing` and its `webhookId`, without an alert to create.",
  },
  paths: {
    "/api/v1/developer/alerts": {
      get: operation({
        ...manage,
        operationId: "listAlerts",
        summary: "List alerts",
        description: "Every alert of the organization, oldest first, with its state and last value.",
        success: { status: 200, description: "The alerts.", schema: z.array(alertSchema) },
        errors: [],
      }),
      post: operation({
        ...manage,
        body: createAlertInput,
        bodyExample: { metric: "delivery_rate", threshold: 0.9, windowMinutes: 60, environment: "live" },
        operationId: "createAlert",
        summary: "Create an alert",
        description:
          "`threshold`: rates as fractions from 0 to 1, spend as an amount with four decimal places. " +
          "`windowMinutes`: 5 to 1440. At most 50 alerts per organization (409 `limit_reached`).",
        success: { status: 201, description: "The alert, in state `ok`.", schema: alertSchema },
        errors: ["limit_reached"],
      }),
    },
    "/api/v1/developer/alerts/{id}": {
      get: operation({
        ...manage,
        operationId: "getAlert",
        summary: "Get an alert",
        description: "The alert with its state and last value.",
        params: alertIdParams,
        success: { status: 200, description: "The alert.", schema: alertSchema },
        errors: ["not_found"],
      }),
      patch: operation({
        ...manage,
        body: updateAlertInput,
        bodyExample: { threshold: 0.85 },
        operationId: "updateAlert",
        summary: "Change an alert",
        description: "Any of `threshold`, `windowMinutes` and `environment`; the state starts over at `ok`.",
        params: alertIdParams,
        success: { status: 200, description: "The alert after the change.", schema: alertSchema },
        errors: ["not_found"],
      }),
      delete: operation({
        ...manage,
        operationId: "deleteAlert",
        summary: "Delete an alert",
        description: "The alert is no longer evaluated.",
        params: alertIdParams,
        success: { status: 204, description: "Deleted." },
        errors: ["not_found"],
      }),
    },
  },
};
