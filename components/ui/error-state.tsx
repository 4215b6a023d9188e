import { CircleAlert } from "lucide-react";
import { describeError } from "../trpc/errors";
import { ErrorLinks } from "../trpc/error-notice";
import { Button } from "./button";

/**
 * A query failed: say what happened and offer to try again. Given the failed call's `error`, its
 * message, code and request-log link are shown (`message` replaces the message).
 */
export function ErrorState({
  title = "Could not load this page",
  message,
  error,
  onRetry,
}: {
  title?: string;
  message?: string;
  error?: unknown;
  onRetry?: () => void;
}) {
  const shown = error ? describeError(error) : null;
  const text = message ?? shown?.message;
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3">
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-500" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-red-800">{title}</p>
        {text ? <p className="mt-0.5 text-sm text-red-700">{text}</p> : null}
        {shown ? <ErrorLinks shown={shown} className="mt-1 text-red-700" /> : null}
      </div>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
