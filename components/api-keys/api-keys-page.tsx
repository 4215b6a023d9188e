"use client";

import { useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { Badge } from "../ui/badge";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { TableSkeleton } from "../ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useTRPC } from "../trpc/client";
import { errorMessage } from "../trpc/errors";

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : null);

function isExpired(expiresAt: string | null, now: number): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() <= now;
}

export function ApiKeysPage() {
  const trpc = useTRPC();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  // When the list was fetched: "expired" is judged against that moment, not re-evaluated per render.
  const fetchedAt = keys.dataUpdatedAt;

  return (
    <div>
      <PageHeader
        title="API keys"
        description="Keys authenticate your servers' calls to the SMS and OTP endpoints. sg_test_ keys use the sandbox; sg_live_ keys send real messages."
      />
      {keys.isPending ? (
        <TableSkeleton rows={3} columns={5} />
      ) : keys.isError ? (
        <ErrorState
          title="Could not load API keys"
          message={errorMessage(keys.error)}
          onRetry={() => void keys.refetch()}
        />
      ) : keys.data.length === 0 ? (
        <EmptyState icon={KeyRound} title="No API keys yet">
          Keys of this organization will be listed here with their prefix, environment, permissions and when they were
          last used. A key&apos;s full secret is shown only once, when it is created with{" "}
          <code className="font-mono text-[13px]">POST /api/v1/developer/api-keys</code>.
        </EmptyState>
      ) : (
        <Table label="API keys">
          <THead>
            <tr>
              <TH>Name</TH>
              <TH>Key</TH>
              <TH>Status</TH>
              <TH>Last used</TH>
              <TH>Created</TH>
              <TH>Expires</TH>
            </tr>
          </THead>
          <TBody>
            {keys.data.map((k) => {
              const expired = isExpired(k.expiresAt, fetchedAt);
              return (
                <TR key={k.id}>
                  <TD>
                    <div className="font-medium text-slate-900">{k.name}</div>
                    {k.description ? (
                      <div className="max-w-xs truncate text-xs text-slate-500">{k.description}</div>
                    ) : null}
                  </TD>
                  <TD>
                    <span className="font-mono text-[13px] text-slate-700">{k.keyPrefix}</span>{" "}
                    <Badge tone={k.environment === "live" ? "green" : "amber"}>
                      {k.environment === "live" ? "Live" : "Test"}
                    </Badge>
                  </TD>
                  <TD>
                    {expired ? (
                      <Badge tone="red">Expired</Badge>
                    ) : k.isActive ? (
                      <Badge tone="green">Active</Badge>
                    ) : (
                      <Badge>Disabled</Badge>
                    )}
                  </TD>
                  <TD className="text-slate-500">{formatDate(k.lastUsedAt) ?? "Never"}</TD>
                  <TD className="text-slate-500">{formatDate(k.createdAt)}</TD>
                  <TD className="text-slate-500">{formatDate(k.expiresAt) ?? "Never"}</TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
      )}
    </div>
  );
}
