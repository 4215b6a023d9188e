"use client";

import { useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { ScrollText } from "lucide-react";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { Input, Select } from "../ui/input";
import { PageHeader } from "../ui/page-header";
import { Skeleton } from "../ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { Time } from "../ui/time";
import { useTRPC } from "../trpc/client";
import { RequestLogDetail } from "./request-log-detail";

function statusTone(status: number): string {
  return status >= 500 ? "text-red-700" : status >= 400 ? "text-amber-700" : "text-emerald-700";
}

/**
 * contract §16: every API request of the organization, newest first, with filters; a row opens its
 * detail. `?id=req_…` opens one entry directly, so anything showing a request id can link to it.
 */
export function RequestLogsPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const search = useSearchParams();
  const openId = search.get("id");
  const [status, setStatus] = useState("");
  const [path, setPath] = useState("");
  const [errorCode, setErrorCode] = useState("");
  const logs = useQuery(
    trpc.requestLogs.list.queryOptions(
      {
        limit: 50,
        ...(status ? { status } : {}),
        ...(path.startsWith("/") ? { path } : {}),
        ...(/^[a-z_]+$/.test(errorCode) ? { errorCode } : {}),
      },
      { refetchInterval: 5_000 },
    ),
  );
  const open = (id: string | null) =>
    router.replace(id ? `/dashboard/logs?id=${encodeURIComponent(id)}` : "/dashboard/logs");
  return (
    <div className="space-y-4">
      <PageHeader
        title="Logs"
        description="Every API request of this organization, and every dashboard action that failed, newest first. Bodies are stored without credentials, passwords, tokens, secrets or codes. Quote a request id to support."
      />
      <div className="flex flex-wrap gap-3">
        <Select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">Any status</option>
          <option value="2xx">2xx</option>
          <option value="4xx">4xx</option>
          <option value="5xx">5xx</option>
        </Select>
        <Input aria-label="Path" placeholder="/api/v1/sms" value={path} onChange={(e) => setPath(e.target.value)} />
        <Input
          aria-label="Error code"
          placeholder="error code"
          value={errorCode}
          onChange={(e) => setErrorCode(e.target.value)}
        />
      </div>
      {logs.isPending ? (
        <Skeleton className="h-48" />
      ) : logs.isError ? (
        <ErrorState title="Could not load the logs" error={logs.error} onRetry={() => void logs.refetch()} />
      ) : logs.data.items.length === 0 ? (
        <EmptyState icon={ScrollText} title="No requests yet">
          Requests to the API with this organization&apos;s keys or tokens show up here within a second.
        </EmptyState>
      ) : (
        <Table label="Request log">
          <THead>
            <tr>
              <TH>Status</TH>
              <TH>Request</TH>
              <TH>Error</TH>
              <TH>Duration</TH>
              <TH>Time</TH>
            </tr>
          </THead>
          <TBody>
            {logs.data.items.map((e) => (
              <TR
                key={e.id}
                data-testid="request-log-row"
                className="cursor-pointer hover:bg-slate-50"
                onClick={() => open(e.id)}
              >
                <TD className={`font-medium tabular-nums ${statusTone(e.status)}`}>{e.status}</TD>
                <TD className="font-mono text-xs">
                  {e.method} {e.path}
                </TD>
                <TD className="font-mono text-xs text-red-700">{e.errorCode ?? ""}</TD>
                <TD className="tabular-nums">{e.durationMs} ms</TD>
                <TD>
                  <Time at={e.createdAt} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      <RequestLogDetail id={openId} onClose={() => open(null)} />
    </div>
  );
}
