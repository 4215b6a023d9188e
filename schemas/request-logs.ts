import { z } from "zod";
import { listCursorSchema } from "./common";
import { keyEnvironmentSchema } from "./api-keys";
import { dateInRange } from "./dates";

/** contract §16, Request logs. Client-safe: REST, tRPC, the dashboard's Logs page and OpenAPI. */
export const requestLogSchema = z
  .object({
    id: z.string().meta({ example: "req_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    clientRequestId: z.string().nullable().meta({ description: "The caller's own X-Request-Id, when it sent one." }),
    method: z.string(),
    path: z.string(),
    route: z.string().meta({ example: "/api/v1/sms/[messageId]/status" }),
    status: z.number().int(),
    durationMs: z.number().int(),
    environment: keyEnvironmentSchema.nullable(),
    apiKeyId: z.string().nullable(),
    userId: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    errorCode: z.string().nullable(),
    requestBody: z.unknown().meta({ description: 'JSON, at most 16 KiB; credentials replaced by "[redacted]".' }),
    responseBody: z.unknown().meta({ description: 'JSON, at most 16 KiB; credentials replaced by "[redacted]".' }),
    createdAt: z.string(),
  })
  .meta({ id: "RequestLog" });
export type RequestLogView = z.infer<typeof requestLogSchema>;

const isoDate = z.iso.datetime().pipe(z.coerce.date()).pipe(dateInRange);

/** `status`: an exact status (`404`) or a class (`4xx`). `path`: a prefix of the path. */
export const requestLogsQuery = z.strictObject({
  status: z
    .string()
    .regex(/^[1-5]([0-9]{2}|xx)$/, "A status (404) or a class (4xx).")
    .optional(),
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).optional(),
  path: z.string().trim().min(1).max(256).startsWith("/").optional(),
  apiKeyId: z.string().trim().min(1).max(64).optional(),
  errorCode: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z_]+$/)
    .optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: listCursorSchema.optional(),
});
export type RequestLogsQuery = z.output<typeof requestLogsQuery>;
