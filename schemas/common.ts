import { z } from "zod";

/** contract.md §1 error body; used by the OpenAPI document and by API clients in tests. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: "invalid_request" }),
      message: z.string(),
      requestId: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: "Error" });

export type ErrorBody = z.infer<typeof errorBodySchema>;

export const timestampSchema = z.iso.datetime().meta({ example: "2026-11-21T10:15:00.123Z" });
