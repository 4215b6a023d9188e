"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { BarChart3 } from "lucide-react";
import { useTRPC } from "../trpc/client";
import { Card, CardHeader } from "../ui/card";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { Skeleton } from "../ui/skeleton";
import { CountriesTable, countryTotals } from "./countries-table";
import { RateChart, TimeToDeliverChart, VolumeChart } from "./charts";
import { KeyFigures } from "./key-figures";
import { OtpFunnel } from "./otp-funnel";
import { PRESETS, type Preset } from "./range";
import { analyticsQueries, analyticsSelection, ANALYTICS_URL_KEYS } from "./selection";
import { Segmented } from "./segmented";
import { useUrlState } from "../dashboard/use-url-state";
import { useEnvironment } from "../dashboard/environment";
import { IsoDateInput } from "../ui/iso-date-input";

const PRESET_LABELS: Record<Preset, string> = { "24h": "24 hours", "7d": "7 days", "30d": "30 days", "90d": "90 days" };

/** Range and environment live in the URL (`?range=custom&from=2026-11-01&to=2026-11-07&env=live`). */
export function AnalyticsPage() {
  const trpc = useTRPC();
  const [url, setUrl] = useUrlState(ANALYTICS_URL_KEYS);
  const switched = useEnvironment().environment;
  const [anchor] = useState(() => new Date());
  const { preset, environment, custom, range } = analyticsSelection(url, switched, anchor);
  const setPreset = (value: Preset | "custom") =>
    setUrl(value === "custom" ? { range: value } : { range: value === "7d" ? null : value, from: null, to: null });
  const setEnvironment = (value: "live" | "test") => setUrl({ env: value === switched ? null : value });

  // The server prefetched these for a full load (app/(dashboard)/dashboard/analytics/page.tsx).
  const queries = range ? analyticsQueries({ preset, environment, custom, range }) : null;
  const enabled = queries !== null;
  const placeholder = { environment, from: anchor, to: anchor, granularity: "day" as const };
  const messages = useQuery({ ...trpc.analytics.messages.queryOptions(queries?.messages ?? placeholder), enabled });
  const countries = useQuery({
    ...trpc.analytics.messages.queryOptions(queries?.countries ?? { ...placeholder, groupBy: "country" }),
    enabled,
  });
  const otp = useQuery({ ...trpc.analytics.otp.queryOptions(queries?.otp ?? placeholder), enabled });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Analytics"
        description="Volume, delivery rate, time to deliver and the OTP funnel, by when messages were sent (UTC)."
      />
      <div className="flex flex-wrap items-center gap-3" data-testid="analytics-controls">
        <Segmented
          label="Date range"
          value={preset}
          onChange={setPreset}
          options={[
            ...PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] })),
            { value: "custom" as const, label: "Custom" },
          ]}
        />
        {preset === "custom" ? (
          <span className="flex items-center gap-2 text-sm">
            <span className="w-36">
              <IsoDateInput aria-label="First day" value={custom.first} onChange={(day) => setUrl({ from: day })} />
            </span>
            <span className="text-slate-500">to</span>
            <span className="w-36">
              <IsoDateInput aria-label="Last day" value={custom.last} onChange={(day) => setUrl({ to: day })} />
            </span>
            <span className="text-xs whitespace-nowrap text-slate-500">UTC days</span>
            {custom.error ? (
              <span role="alert" className="text-red-600">
                {custom.error}
              </span>
            ) : null}
          </span>
        ) : null}
        <span className="ml-auto">
          <Segmented
            label="Environment"
            value={environment}
            onChange={setEnvironment}
            options={[
              { value: "test", label: "Sandbox" },
              { value: "live", label: "Live" },
            ]}
          />
        </span>
      </div>

      {!enabled ? (
        <p className="text-sm text-slate-500" data-testid="custom-hint">
          Type the first and last day of the range (UTC), as YYYY-MM-DD.
        </p>
      ) : messages.isPending || otp.isPending ? (
        <div role="status" aria-label="Loading analytics" className="space-y-4">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
          <Skeleton className="h-64" />
        </div>
      ) : messages.isError || otp.isError ? (
        <ErrorState
          title="Could not load analytics"
          error={messages.error ?? otp.error}
          onRetry={() => void Promise.all([messages.refetch(), otp.refetch()])}
        />
      ) : messages.data.totals.sent === 0 && otp.data.totals.sent === 0 ? (
        <EmptyState icon={BarChart3} title={`No ${environment === "live" ? "live" : "sandbox"} messages in this range`}>
          Messages sent with {environment === "live" ? "a live (sg_live_…)" : "a sandbox (sg_test_…)"} key show up here
          within seconds. Try another range or environment.
        </EmptyState>
      ) : (
        <>
          <KeyFigures messages={messages.data.totals} otp={otp.data.totals} />
          <Card>
            <CardHeader
              title="Volume by status"
              description="Messages by what became of them: pending ones are not final yet."
            />
            <VolumeChart series={messages.data.series} granularity={messages.data.granularity} />
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader title="Delivery rate" description="Delivered ÷ (delivered + undelivered + failed)." />
              <RateChart series={messages.data.series} granularity={messages.data.granularity} />
            </Card>
            <Card data-testid="time-to-deliver">
              <CardHeader
                title="Time to deliver"
                description={
                  <>
                    From the hand-off to SignalGate (the API&apos;s acceptance, or{" "}
                    <code className="font-mono">sendAt</code> for a scheduled message) to the handset&apos;s receipt,
                    p50 and p95.
                  </>
                }
              />
              <TimeToDeliverChart series={messages.data.series} granularity={messages.data.granularity} />
            </Card>
          </div>
          <div className="grid gap-6 lg:grid-cols-5">
            <Card className="min-w-0 lg:col-span-3">
              <CardHeader title="Top countries" description="By messages sent in the range." />
              {countries.data ? (
                <CountriesTable rows={countryTotals(countries.data.series)} />
              ) : (
                <Skeleton className="m-5 h-24" />
              )}
            </Card>
            <Card className="min-w-0 lg:col-span-2">
              <CardHeader title="OTP funnel" description="One-time codes sent and verified in the range." />
              <OtpFunnel totals={otp.data.totals} />
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
