import { CircleAlert } from "lucide-react";
import { Button } from "./button";

/** A query failed: say what happened and offer to try again. */
export function ErrorState({
  title = "Could not load this page",
  message,
  onRetry,
}: {
  title?: string;
  message?: string;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3">
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-500" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-red-800">{title}</p>
        {message ? <p className="mt-0.5 text-sm text-red-700">{message}</p> : null}
      </div>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
