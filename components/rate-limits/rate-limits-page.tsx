"use client";

import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { Badge } from "../ui/badge";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { useTRPC } from "../trpc/client";
import { useCan, useDashboard } from "../dashboard/dashboard-context";
import { CategoryLimits } from "./category-limits";
import { HowItWorks } from "./how-it-works";
import { LimitsForm } from "./limits-form";
import { LimitsSummary } from "./limits-summary";
import { OrganizationLimits } from "./organization-limits";
import { RateLimitsSkeleton } from "./rate-limits-skeleton";
import { TrafficChart } from "./traffic-chart";
import { UpdatedIndicator } from "./updated-indicator";

const REFRESH_MS = 10_000;

export function RateLimitsPage() {
  const trpc = useTRPC();
  const { role } = useDashboard();
  const canManage = useCan("rateLimits.manage");
  // Usage moves by the second: refresh while the page is visible.
  const usage = useQuery(trpc.rateLimits.usage.queryOptions(undefined, { refetchInterval: REFRESH_MS, staleTime: 0 }));
  const config = usage.data?.config;

  return (
    <div>
      <PageHeader
        title="Rate limits"
        description="How many API requests this organization may make per minute, hour and day, and how much of that is in use."
        actions={
          usage.isSuccess && config ? (
            <div className="flex flex-col items-end gap-1.5">
              {config.enabled ? (
                <Badge tone="green" className="gap-1.5">
                  <span aria-hidden className="size-1.5 rounded-full bg-emerald-500" />
                  Rate limiting enabled
                </Badge>
              ) : (
                <Badge tone="amber" className="gap-1.5">
                  <span aria-hidden className="size-1.5 rounded-full bg-amber-500" />
                  Rate limiting disabled
                </Badge>
              )}
              <UpdatedIndicator
                updatedAt={usage.dataUpdatedAt}
                fetching={usage.isFetching}
                failed={usage.isRefetchError}
              />
            </div>
          ) : null
        }
      />

      {usage.isPending ? (
        <RateLimitsSkeleton />
      ) : usage.isError ? (
        <ErrorState title="Could not load rate limits" error={usage.error} onRetry={() => void usage.refetch()} />
      ) : (
        <div className="space-y-6">
          {!usage.data.config.enabled ? (
            <div
              role="status"
              className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            >
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
              <p>
                <strong className="font-medium">Rate limiting is off.</strong> No request is limited or counted and
                responses carry no X-RateLimit-* headers.{" "}
                {canManage ? "Turn it back on under Settings." : "An owner or admin can turn it back on."}
              </p>
            </div>
          ) : null}
          <OrganizationLimits config={usage.data.config} />
          <TrafficChart history={usage.data.history} />
          <div className="grid items-start gap-6 lg:grid-cols-5">
            <div className="min-w-0 lg:col-span-3">
              <CategoryLimits categories={usage.data.categories} enforced={usage.data.config.enabled} />
            </div>
            <div className="min-w-0 lg:col-span-2">
              {canManage ? (
                <LimitsForm config={usage.data.config} />
              ) : (
                <LimitsSummary config={usage.data.config} role={role} />
              )}
            </div>
          </div>
        </div>
      )}

      <HowItWorks />
    </div>
  );
}
