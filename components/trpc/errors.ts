import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@/server/trpc/root";

type ClientError = TRPCClientError<AppRouter>;

function asClientError(error: unknown): ClientError | null {
  return error instanceof TRPCClientError ? (error as ClientError) : null;
}

/** The sentence to show for a failed call (the server's AppError message, or a network hint). */
export function errorMessage(error: unknown, fallback = "Something went wrong. Try again."): string {
  const e = asClientError(error);
  if (!e) return fallback;
  if (!e.data) return "Could not reach SignalGate. Check your connection and try again.";
  return e.message || fallback;
}

/** The server's error code (`already_member`, `invalid_request`…) of a failed call. */
export function errorCode(error: unknown): string | null {
  return asClientError(error)?.data?.appCode ?? null;
}

/** Where the Logs page opens one request (components/request-logs/request-logs-page.tsx). */
export function requestLogUrl(requestId: string): string {
  return `/dashboard/logs?id=${encodeURIComponent(requestId)}`;
}

export interface ShownError {
  message: string;
  code: string | null;
  /** The code's entry in the error reference (`/docs/errors#code`). */
  docUrl: string | null;
  /** The request log's entry for the failed call (contract §16; every role reads the log). */
  logUrl: string | null;
}

/**
 * Everything the dashboard shows of a failed call, in one place (issue 42): the sentence, the code
 * linked to the error reference, and the failed call's request-log entry when the server logged one.
 */
export function describeError(error: unknown, fallback?: string): ShownError {
  const data = asClientError(error)?.data;
  const requestId = data?.requestId ?? null;
  return {
    message: errorMessage(error, fallback),
    code: data?.appCode ?? null,
    docUrl: data?.docUrl ?? null,
    logUrl: requestId ? requestLogUrl(requestId) : null,
  };
}

/**
 * Per-field messages for forms: zod's flattened field errors merged with AppError details
 * (e.g. `initialPassword` is required). First message per field.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const data = asClientError(error)?.data;
  const out: Record<string, string> = {};
  const zodFields = (data?.zodError?.fieldErrors ?? {}) as Record<string, string[] | undefined>;
  for (const [field, messages] of Object.entries(zodFields)) {
    if (messages?.[0]) out[field] = messages[0];
  }
  for (const detail of data?.details ?? []) {
    if (detail.path && !out[detail.path]) out[detail.path] = detail.message;
  }
  return out;
}
