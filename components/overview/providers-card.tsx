"use client";

import { useQuery } from "@tanstack/react-query";
import { Card, CardHeader } from "../ui/card";
import { DotStatus, type DotStatusTone } from "../ui/dot-status";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { ErrorText } from "../trpc/error-notice";
import type { ProviderStateView } from "@/schemas/carriers";

const LABELS: Record<ProviderStateView["provider"], string> = { smpp: "SMPP", twilio: "Twilio API" };

function tone(status: string): DotStatusTone {
  if (status === "bound" || status === "ready") return "on";
  if (status === "stopped") return "off";
  return "problem";
}

function since(date: Date): string {
  const seconds = Math.max(0, Math.round((Date.now() - date.getTime()) / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

/** Where live (sg_live_) traffic goes, and whether it can go there now. Read-only; refreshed every 10 s. */
export function ProvidersCard() {
  const trpc = useTRPC();
  const status = useQuery({ ...trpc.carriers.status.queryOptions(), refetchInterval: 10_000 });

  return (
    <Card>
      <CardHeader
        title="SMS providers"
        description="Sandbox keys never leave the service; live keys go to these, in order."
      />
      <div className="divide-y divide-slate-100 text-sm" data-testid="providers">
        <div className="flex items-center justify-between px-5 py-2.5">
          <span className="text-slate-600">Sandbox (sg_test_)</span>
          <DotStatus tone="on">Always on</DotStatus>
        </div>
        {status.isPending ? (
          <div className="px-5 py-3">
            <Skeleton className="h-4 w-40" />
          </div>
        ) : status.isError ? (
          <ErrorText error={status.error} lead="Could not load the providers:" className="px-5 py-3 text-red-700" />
        ) : status.data.providers.length === 0 ? (
          <div className="px-5 py-3 text-slate-600">
            <p className="font-medium text-slate-800">No live provider configured</p>
            <p className="mt-1 text-xs text-slate-500">
              sg_live_ sends answer 503 <code className="font-mono">provider_not_configured</code>. Set{" "}
              <code className="font-mono">SMS_PROVIDER</code> (smpp, twilio, or both for failover) on the server.
            </p>
          </div>
        ) : (
          status.data.providers.map((p, i) => (
            <div key={p.provider} className="px-5 py-2.5">
              <div className="flex items-center justify-between gap-3">
                <span className="text-slate-600">
                  {LABELS[p.provider]}
                  <span className="ml-1.5 text-xs text-slate-400">{i === 0 ? "primary" : "failover"}</span>
                </span>
                <DotStatus tone={tone(p.status)}>
                  {p.status} <span className="font-normal text-slate-400">· {since(p.since)}</span>
                </DotStatus>
              </div>
              {p.lastError ? (
                <p className="mt-1 truncate text-xs text-slate-500" title={p.lastError}>
                  Last error: {p.lastError}
                </p>
              ) : null}
            </div>
          ))
        )}
        {status.data && !status.data.pipelineHere && status.data.providers.length > 0 ? (
          <p className="px-5 py-2 text-xs text-slate-400">
            This server does not run the pipeline; states are another instance&apos;s to show.
          </p>
        ) : null}
      </div>
    </Card>
  );
}
