"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { BarChart3 } from "lucide-react";
import { useTRPC } from "../trpc/client";
import { errorMessage } from "../trpc/errors";
import { Card, CardHeader } from "../ui/card";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { Skeleton } from "../ui/skeleton";
import { CountriesTable, countryTotals } from "./countries-table";
import { RateChart, TimeToDeliverChart, VolumeChart } from "./charts";
import { KeyFigures } from "./key-figures";
import { OtpFunnel } from "./otp-funnel";
import { customRange, presetRange, PRESETS, type Preset, type Range } from "./range";
import { Segmented } from "./segmented";

const PRESET_LABELS: Record<Preset, string> = { "24h": "24 hours", "7d": "7 days", "30d": "30 days", "90d": "90 days" };

export function AnalyticsPage() {
  const trpc = useTRPC();
  const [preset, setPreset] = useState<Preset | "custom">("7d");
  const [environment, setEnvironment] = useState<"live" | "test">("test");
  const [custom, setCustom] = useState({ first: "", last: "" });
  const customResult = preset === "custom" ? customRange(custom.first, custom.last) : null;
  const [anchor] = useState(() => new Date());
  const range: Range | null =
    preset === "custom" ? (customResult && "from" in customResult ? customResult : null) : presetRange(preset, anchor);

  const input = range ? { environment, ...range } : null;
  const enabled = input !== null;
  const placeholder = { environment, from: anchor, to: anchor, granularity: "day" as const };
  const messages = useQuery({ ...trpc.analytics.messages.queryOptions(input ?? placeholder), enabled });
  const countries = useQuery({
    ...trpc.analytics.messages.queryOptions({ ...(input ?? placeholder), groupBy: "country" }),
    enabled,
  });
  const otp = useQuery({ ...trpc.analytics.otp.queryOptions(input ?? placeholder), enabled });

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
            <input
              type="date"
              aria-label="First day"
              value={custom.first}
              onChange={(e) => setCustom({ ...custom, first: e.target.value })}
              className="rounded-md border border-slate-300 px-2 py-1"
            />
            <span className="text-slate-500">to</span>
            <input
              type="date"
              aria-label="Last day"
              value={custom.last}
              onChange={(e) => setCustom({ ...custom, last: e.target.value })}
              className="rounded-md border border-slate-300 px-2 py-1"
            />
            {customResult && "error" in customResult ? (
              <span role="alert" className="text-red-600">
                {customResult.error}
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
        <p className="text-sm text-slate-500">Pick the first and last day of the range.</p>
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
          message={errorMessage(messages.error ?? otp.error)}
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
            <Card>
              <CardHeader
                title="Time to deliver"
                description="From acceptance to the handset's receipt, p50 and p95."
              />
              <TimeToDeliverChart series={messages.data.series} granularity={messages.data.granularity} />
            </Card>
          </div>
          <div className="grid gap-6 lg:grid-cols-5">
            <Card className="lg:col-span-3">
              <CardHeader title="Top countries" description="By messages sent in the range." />
              {countries.data ? (
                <CountriesTable rows={countryTotals(countries.data.series)} />
              ) : (
                <Skeleton className="m-5 h-24" />
              )}
            </Card>
            <Card className="lg:col-span-2">
              <CardHeader title="OTP funnel" description="One-time codes sent and verified in the range." />
              <OtpFunnel totals={otp.data.totals} />
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
