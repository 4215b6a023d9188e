"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { ALERT_METRICS, ALERT_METRIC_LABELS, type AlertMetric } from "@/schemas/alerts";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Input, Select } from "../ui/input";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";

/** Rates are typed as percentages and sent as fractions; spend as dollars with four decimals. */
export function NewAlertForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [metric, setMetric] = useState<AlertMetric>("error_rate");
  const [threshold, setThreshold] = useState("5");
  const [windowMinutes, setWindowMinutes] = useState("60");
  const [environment, setEnvironment] = useState<"live" | "test">("live");
  const create = useMutation(
    trpc.alerts.create.mutationOptions({
      onSuccess: async () => {
        toast.success("Alert created");
        await queryClient.invalidateQueries({ queryKey: trpc.alerts.list.queryKey() });
      },
      onError: (err) => toastError(err),
    }),
  );
  const submit = () =>
    create.mutate({
      metric,
      threshold: metric === "spend" ? Number(threshold).toFixed(4) : Number(threshold) / 100,
      windowMinutes: Number(windowMinutes),
      environment,
    });
  return (
    <Card>
      <CardHeader title="New alert" />
      <CardBody>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label className="text-sm text-slate-700">
            When
            <Select aria-label="Metric" value={metric} onChange={(e) => setMetric(e.target.value as AlertMetric)}>
              {ALERT_METRICS.map((m) => (
                <option key={m} value={m}>
                  {ALERT_METRIC_LABELS[m]}
                </option>
              ))}
            </Select>
          </label>
          <label className="text-sm text-slate-700">
            {metric === "spend" ? "Amount (USD)" : "Percent"}
            <Input
              aria-label="Threshold"
              inputMode="decimal"
              value={threshold}
              onChange={(e) => setThreshold(e.target.value)}
            />
          </label>
          <label className="text-sm text-slate-700">
            Over (minutes, 5–1440)
            <Input
              aria-label="Window in minutes"
              inputMode="numeric"
              value={windowMinutes}
              onChange={(e) => setWindowMinutes(e.target.value)}
            />
          </label>
          <label className="text-sm text-slate-700">
            Traffic
            <Select
              aria-label="Environment"
              value={environment}
              onChange={(e) => setEnvironment(e.target.value as "live" | "test")}
            >
              <option value="live">Live</option>
              <option value="test">Sandbox</option>
            </Select>
          </label>
          <Button type="submit" loading={create.isPending}>
            Add alert
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
