"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellRing } from "lucide-react";
import { toast } from "sonner";
import { ALERT_METRIC_LABELS, type AlertView } from "@/schemas/alerts";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { Skeleton } from "../ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { Time } from "../ui/time";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { NewAlertForm } from "./new-alert-form";

function shown(alert: AlertView, value: number | string | null): string {
  if (value === null) return "—";
  if (alert.metric === "spend") return `$${typeof value === "number" ? value.toFixed(4) : value}`;
  return `${(Number(value) * 100).toFixed(1)} %`;
}

/** contract §16: the organization's alerts, evaluated every minute; create and delete. */
export function AlertsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const alerts = useQuery(trpc.alerts.list.queryOptions(undefined, { refetchInterval: 30_000 }));
  const remove = useMutation(
    trpc.alerts.delete.mutationOptions({
      onSuccess: async () => {
        toast.success("Alert deleted");
        await queryClient.invalidateQueries({ queryKey: trpc.alerts.list.queryKey() });
      },
      onError: (err) => toastError(err),
    }),
  );
  return (
    <div className="space-y-6">
      <PageHeader
        title="Alerts"
        description="Evaluated every minute. Owners and admins get an email, and webhooks get alert.triggered, when a threshold is crossed, and alert.resolved when it is back. A webhook endpoint that fails every attempt for 24 hours alerts by itself."
      />
      <NewAlertForm />
      {alerts.isPending ? (
        <Skeleton className="h-32" />
      ) : alerts.isError ? (
        <ErrorState title="Could not load alerts" error={alerts.error} onRetry={() => void alerts.refetch()} />
      ) : alerts.data.length === 0 ? (
        <EmptyState icon={BellRing} title="No alerts yet">
          Add one above: for example, an error rate above 5 % over 60 minutes of live traffic.
        </EmptyState>
      ) : (
        <Table label="Alerts">
          <THead>
            <tr>
              <TH>Condition</TH>
              <TH>Environment</TH>
              <TH>State</TH>
              <TH>Last value</TH>
              <TH>Last evaluated</TH>
              <TH className="text-right">Actions</TH>
            </tr>
          </THead>
          <TBody>
            {alerts.data.map((a) => (
              <TR key={a.id} data-testid="alert-row">
                <TD>
                  {ALERT_METRIC_LABELS[a.metric]} {shown(a, a.threshold)}
                  <span className="ml-2 text-xs text-slate-500">over {a.windowMinutes} min</span>
                </TD>
                <TD>{a.environment === "live" ? "Live" : "Sandbox"}</TD>
                <TD>
                  {a.state === "triggered" ? <Badge tone="red">Triggered</Badge> : <Badge tone="green">OK</Badge>}
                </TD>
                <TD className="tabular-nums">{shown(a, a.lastValue)}</TD>
                <TD>{a.lastEvaluatedAt ? <Time at={a.lastEvaluatedAt} /> : "not yet"}</TD>
                <TD className="text-right">
                  <Button size="sm" variant="secondary" onClick={() => remove.mutate({ id: a.id })}>
                    Delete
                  </Button>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </div>
  );
}
