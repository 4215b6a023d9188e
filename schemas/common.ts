import { z } from "zod";

/** contract.md §1 error body; used by the OpenAPI document and by API clients in tests. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: "invalid_request" }),
      message: z.string(),
      requestId: z.string(),
      docUrl: z.string().meta({
        description:
          "The code's entry in the error reference: absolute when the service knows its public URL, else a path to resolve against the API's URL.",
        example: "https://api.signalgate.example/docs/errors#invalid_request",
      }),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: "Error" });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The longest cursor server/pagination/cursor.ts will read. */
export const MAX_CURSOR_LENGTH = 1024;

/**
 * contract §1: a list cursor is opaque, the `X-Next-Cursor` (tRPC: `nextCursor`) of the previous
 * page. Only its length is checked here; server/pagination/cursor.ts decides whether the server
 * issued it for that list and organization (400 `invalid_request` otherwise).
 */
export const listCursorSchema = z
  .string()
  .min(1, "Pass the X-Next-Cursor value of the previous page.")
  .max(MAX_CURSOR_LENGTH, "Pass the X-Next-Cursor value of the previous page.");

export const timestampSchema = z.iso.datetime().meta({ example: "2026-11-21T10:15:00.123Z" });
