"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { useCan } from "../dashboard/dashboard-context";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { Skeleton } from "../ui/skeleton";
import { CountriesCard } from "./countries-card";
import { PriceLookup } from "./price-lookup";
import { SettingsForm } from "./settings-form";
import { SpendCard } from "./spend-card";
import { StatementsCard } from "./statements-card";
import { UsageCard } from "./usage-card";

export function BillingPage() {
  const trpc = useTRPC();
  const canManage = useCan("billing.manage");
  const billing = useQuery(trpc.billing.get.queryOptions());
  const prices = useQuery(trpc.billing.prices.queryOptions());
  return (
    <div className="space-y-6">
      <PageHeader
        title="Billing"
        description="What live messages cost, the monthly spend limit, where messages may go, and statements."
      />
      {billing.isPending || prices.isPending ? (
        <div role="status" aria-label="Loading billing" className="space-y-4">
          <Skeleton className="h-32" />
          <Skeleton className="h-64" />
        </div>
      ) : billing.isError || prices.isError ? (
        <ErrorState
          title="Could not load billing"
          error={billing.error ?? prices.error}
          onRetry={() => void Promise.all([billing.refetch(), prices.refetch()])}
        />
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-5">
            <div className="min-w-0 space-y-6 lg:col-span-3">
              <SpendCard billing={billing.data} />
              <UsageCard />
              <StatementsCard />
            </div>
            <div className="min-w-0 space-y-6 lg:col-span-2">
              <SettingsForm billing={billing.data} canManage={canManage} />
              <PriceLookup prices={prices.data.countries} />
            </div>
          </div>
          <CountriesCard
            key={JSON.stringify(billing.data.allowedCountries)}
            billing={billing.data}
            prices={prices.data.countries}
            canManage={canManage}
          />
        </>
      )}
    </div>
  );
}
