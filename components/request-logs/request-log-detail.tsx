"use client";

import { useQuery } from "@tanstack/react-query";
import { CodeBlock } from "../ui/code-block";
import { Drawer } from "../ui/drawer";
import { ErrorState } from "../ui/error-state";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { errorCode } from "../trpc/errors";

const json = (value: unknown) => (value === null || value === undefined ? "(none)" : JSON.stringify(value, null, 2));

/** One request: its facts, and its request and response bodies side by side (redacted when stored). */
export function RequestLogDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const entry = useQuery({
    ...trpc.requestLogs.byId.queryOptions({ id: id ?? "" }),
    enabled: id !== null,
    // Entries are written within a second of their request: an error's "View request log" link,
    // followed at once, can arrive first.
    retry: (count, error) => count < 3 && errorCode(error) === "not_found",
    retryDelay: 700,
  });
  return (
    <Drawer open={id !== null} onOpenChange={(open) => !open && onClose()} title={id ?? ""}>
      {entry.isPending ? (
        <Skeleton className="h-64" />
      ) : entry.isError ? (
        <ErrorState title="Could not load the request" error={entry.error} />
      ) : (
        <div className="space-y-4 text-sm" data-testid="request-log-detail">
          <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1">
            <dt className="text-slate-500">Request</dt>
            <dd className="font-mono">
              {entry.data.method} {entry.data.path}
            </dd>
            <dt className="text-slate-500">Status</dt>
            <dd>
              {entry.data.status} in {entry.data.durationMs} ms
              {entry.data.errorCode ? (
                <>
                  {" · "}
                  <a className="font-mono text-indigo-700 underline" href={`/docs/errors#${entry.data.errorCode}`}>
                    {entry.data.errorCode}
                  </a>
                </>
              ) : null}
            </dd>
            <dt className="text-slate-500">Caller</dt>
            <dd className="font-mono">{entry.data.apiKeyId ?? entry.data.userId ?? "—"}</dd>
            <dt className="text-slate-500">From</dt>
            <dd>
              {entry.data.ip ?? "—"} · {entry.data.userAgent ?? "no user agent"}
            </dd>
            {entry.data.clientRequestId ? (
              <>
                <dt className="text-slate-500">Your request id</dt>
                <dd className="font-mono">{entry.data.clientRequestId}</dd>
              </>
            ) : null}
          </dl>
          <div className="grid gap-3 lg:grid-cols-2">
            <CodeBlock label="Request body" code={json(entry.data.requestBody)} />
            <CodeBlock label="Response body" code={json(entry.data.responseBody)} />
          </div>
        </div>
      )}
    </Drawer>
  );
}
