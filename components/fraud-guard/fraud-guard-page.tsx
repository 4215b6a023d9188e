"use client";

import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "../ui/page-header";
import { ErrorState } from "../ui/error-state";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { useCan } from "../dashboard/dashboard-context";
import { FraudLevelCard } from "./fraud-level-card";
import { SafeListCard } from "./safe-list-card";
import { FraudBlocksTable } from "./fraud-blocks-table";

export function FraudGuardPage() {
  const trpc = useTRPC();
  const canManage = useCan("fraudGuard.manage");
  const settings = useQuery(trpc.fraudGuard.settings.queryOptions());
  return (
    <div>
      <PageHeader
        title="Fraud guard"
        description="Stops SMS pumping: when many OTP codes go to one number range and few are verified, SignalGate blocks that range for 12 hours, tells you why, and sends nothing there (and bills nothing) meanwhile."
      />
      {settings.isPending ? (
        <div className="space-y-4">
          <Skeleton className="h-40" />
          <Skeleton className="h-32" />
        </div>
      ) : settings.isError ? (
        <ErrorState
          title="Could not load the fraud guard"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <div className="space-y-6">
          <div className="grid gap-6 lg:grid-cols-2">
            <FraudLevelCard level={settings.data.level} canManage={canManage} />
            <SafeListCard safeList={settings.data.safeList} canManage={canManage} />
          </div>
          <FraudBlocksTable canManage={canManage} />
        </div>
      )}
    </div>
  );
}
