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
import { isOneOf, useUrlState } from "../dashboard/use-url-state";
import { IsoDateInput } from "../ui/iso-date-input";

const PRESET_LABELS: Record<Preset, string> = { "24h": "24 hours", "7d": "7 days", "30d": "30 days", "90d": "90 days" };

const URL_KEYS = ["range", "env", "from", "to"] as const;
const RANGES = [...PRESETS, "custom"] as const;

/** Range and environment live in the URL (`?range=custom&from=2026-11-01&to=2026-11-07&env=live`). */
export function AnalyticsPage() {
  const trpc = useTRPC();
  const [url, setUrl] = useUrlState(URL_KEYS);
  const preset: Preset | "custom" = isOneOf(RANGES, url.range) ? url.range : "7d";
  const environment: "live" | "test" = url.env === "live" ? "live" : "test";
  const custom = { first: url.from, last: url.to };
  // Nothing to say until both days are there: an untouched Custom range is not an error.
  const customResult =
    preset === "custom" && custom.first && custom.last ? customRange(custom.first, custom.last) : null;
  const [anchor] = useState(() => new Date());
  const range: Range | null =
    preset === "custom" ? (customResult && "from" in customResult ? customResult : null) : presetRange(preset, anchor);
  const setPreset = (value: Preset | "custom") =>
    setUrl(value === "custom" ? { range: value } : { range: value === "7d" ? null : value, from: null, to: null });
  const setEnvironment = (value: "live" | "test") => setUrl({ env: value === "test" ? null : value });

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
            <span className="w-36">
              <IsoDateInput aria-label="First day" value={custom.first} onChange={(day) => setUrl({ from: day })} />
            </span>
            <span className="text-slate-500">to</span>
            <span className="w-36">
              <IsoDateInput aria-label="Last day" value={custom.last} onChange={(day) => setUrl({ to: day })} />
            </span>
            <span className="text-xs whitespace-nowrap text-slate-500">UTC days</span>
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
