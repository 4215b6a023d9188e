"use client";

import Link from "next/link";
import { toast } from "sonner";
import { cn } from "../ui/cn";
import { describeError, type ShownError } from "./errors";

/**
 * The code of a failed call, linked to the error reference, and "View request log", the failed
 * call's entry on the Logs page (issue 42). Nothing when there is neither.
 */
export function ErrorLinks({ shown, className }: { shown: ShownError; className?: string }) {
  if (!shown.code && !shown.logUrl) return null;
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-x-2 text-xs", className)} data-testid="error-links">
      {shown.code ? (
        shown.docUrl ? (
          <a className="font-mono underline" href={shown.docUrl} target="_blank" rel="noreferrer">
            {shown.code}
          </a>
        ) : (
          <span className="font-mono">{shown.code}</span>
        )
      ) : null}
      {shown.logUrl ? (
        <Link className="font-medium underline" href={shown.logUrl}>
          View request log
        </Link>
      ) : null}
    </span>
  );
}

/** A failed call as a toast: its message, with its code and request-log link under it. */
export function toastError(error: unknown, fallback?: string): void {
  const shown = describeError(error, fallback);
  toast.error(shown.message, {
    description: <ErrorLinks shown={shown} />,
    // Long enough to follow the link (hovering pauses it too).
    duration: shown.logUrl ? 10_000 : undefined,
  });
}

/** A failed call inline (under a form, in a card): the message, then its code and log link. */
export function ErrorText({
  error,
  lead,
  id,
  className = "text-sm text-red-600",
}: {
  error: unknown;
  /** Words before the message ("Could not load the batch:"). */
  lead?: string;
  id?: string;
  className?: string;
}) {
  const shown = describeError(error);
  return (
    <p id={id} role="alert" className={className}>
      {lead ? `${lead} ` : null}
      {shown.message} <ErrorLinks shown={shown} className="ml-1" />
    </p>
  );
}
