import { AppError, type ErrorCode, type ErrorDetail } from "../../errors";
import type { ConvertTask } from "./convert-rows";
import type { ImportMapping } from "@/schemas/contact-imports";

/** What the import thread does: parse an upload, or convert one batch's rows. */
export type ImportTask =
  { kind: "parse"; csv: Uint8Array; mapping?: ImportMapping } | { kind: "convert"; convert: ConvertTask };

/** An error as it crosses between threads (an AppError keeps its code and details). */
export interface SerializedError {
  message: string;
  stack?: string;
  app?: { code: ErrorCode; details?: ErrorDetail[] };
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof AppError) return { message: err.message, app: { code: err.code, details: err.details } };
  return err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) };
}

export function deserializeError(error: SerializedError): Error {
  if (error.app) return new AppError(error.app.code, error.message, { details: error.app.details });
  const err = new Error(error.message);
  if (error.stack) err.stack = error.stack;
  return err;
}
