import { z } from "zod";
import { requestLogSchema, requestLogsQuery } from "@/schemas/request-logs";
import { operation } from "../operation";
import type { PathModule } from "./types";

const read = { auth: "jwt", allow: "requestLogs.read", rateLimit: "messages.read" } as const;

export const requestLogsPaths: PathModule = {
  tag: {
    name: "Request logs",
    description:
      "Every `/api/v1` request of the organization, like Stripe's request logs: method, path, route, status, " +
      "duration, environment, API key or user, IP, user agent, error code, and the request and response bodies " +
      '(JSON up to 16 KiB each; credentials, passwords, tokens, secrets, OTP codes and raw keys replaced by "[redacted]"; ' +
      "message bodies read back are not kept). The id is the response's `X-Request-Id`, unless the caller sent its " +
      "own: then it is kept as `clientRequestId`. Written within a second, off the request's path; kept " +
      "`REQUEST_LOG_RETENTION_DAYS` (30). Requests without a known credential are not logged.",
  },
  paths: {
    "/api/v1/developer/request-logs": {
      get: operation({
        ...read,
        operationId: "listRequestLogs",
        summary: "List request logs",
        description:
          "Newest first. Filters: `status` (`404` or `4xx`), `method`, `path` (a prefix), `apiKeyId`, `errorCode`, " +
          "`from`, `to`. The next page's cursor comes in `X-Next-Cursor`.",
        query: requestLogsQuery,
        success: { status: 200, description: "The entries.", schema: z.array(requestLogSchema) },
        errors: [],
      }),
    },
    "/api/v1/developer/request-logs/{id}": {
      get: operation({
        ...read,
        operationId: "getRequestLog",
        summary: "Get a request log entry",
        description: "One entry, with its request and response bodies.",
        params: z.object({ id: z.string().meta({ description: "The request's id (`req_…`)." }) }),
        success: { status: 200, description: "The entry.", schema: requestLogSchema },
        errors: ["not_found"],
      }),
    },
  },
};
