"use client";

import { useCallback } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { SearchX, ShieldCheck } from "lucide-react";
import type { KeyEnvironment } from "@/schemas/api-keys";
import { OTP_STATUSES, type ListOtpCodesInput, type OtpStatus } from "@/schemas/message-views";
import { Button } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { TableSkeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { errorMessage } from "../trpc/errors";
import { useUrlState } from "../dashboard/use-url-state";
import { ClearFilters, FilterSelect, RecipientFilter } from "../messages/filter-controls";
import { ENVIRONMENT_OPTIONS } from "../messages/message-filters";
import { OTP_STATUS_INFO } from "./otp-status-badge";
import { OtpTable } from "./otp-table";

const URL_KEYS = ["status", "env", "recipient"] as const;
const STATUS_OPTIONS = OTP_STATUSES.map((value) => ({ value, label: OTP_STATUS_INFO[value].label }));
/** Pending codes change on their own (verified, expired): refresh while any is on screen. */
const PENDING_REFRESH_MS = 5_000;

const isStatus = (v: string): v is OtpStatus => (OTP_STATUSES as readonly string[]).includes(v);
const isEnvironment = (v: string): v is KeyEnvironment => v === "test" || v === "live";

export function OtpPage() {
  const trpc = useTRPC();
  const [url, setUrl] = useUrlState(URL_KEYS);
  const input: Omit<ListOtpCodesInput, "cursor"> = {
    ...(isStatus(url.status) ? { status: url.status } : {}),
    ...(isEnvironment(url.env) ? { environment: url.env } : {}),
    ...(url.recipient ? { to: url.recipient } : {}),
  };
  const list = useInfiniteQuery(
    trpc.otp.list.infiniteQueryOptions(input, {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      refetchInterval: (query) =>
        query.state.data?.pages.some((p) => p.items.some((c) => c.status === "PENDING")) ? PENDING_REFRESH_MS : false,
    }),
  );
  const setRecipient = useCallback((recipient: string) => setUrl({ recipient }), [setUrl]);

  const codes = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(url.status || url.env || url.recipient);

  return (
    <div>
      <PageHeader
        title="OTP activity"
        description="One-time passcodes sent through the OTP API: whether they were verified, attempts used and expiry. Codes themselves are never stored or shown."
      />
      <div role="search" aria-label="Filter OTP codes" className="mb-4 flex flex-wrap items-end gap-3">
        <FilterSelect
          id="otp-filter-status"
          label="Status"
          allLabel="All statuses"
          width="w-44"
          value={isStatus(url.status) ? url.status : ""}
          options={STATUS_OPTIONS}
          onChange={(status) => setUrl({ status })}
        />
        <FilterSelect
          id="otp-filter-environment"
          label="Environment"
          allLabel="All environments"
          width="w-48"
          value={isEnvironment(url.env) ? url.env : ""}
          options={ENVIRONMENT_OPTIONS}
          onChange={(env) => setUrl({ env })}
        />
        <RecipientFilter id="otp-filter-recipient" value={url.recipient} onChange={setRecipient} />
        {filtered ? <ClearFilters onClear={() => setUrl({ status: null, env: null, recipient: null })} /> : null}
      </div>

      {list.isPending ? (
        <TableSkeleton rows={5} columns={7} />
      ) : list.isError ? (
        <ErrorState
          title="Could not load OTP activity"
          message={errorMessage(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : codes.length === 0 ? (
        filtered ? (
          <EmptyState icon={SearchX} title="No codes match these filters">
            Try another status or environment, or a shorter recipient prefix.
          </EmptyState>
        ) : (
          <EmptyState icon={ShieldCheck} title="No OTP codes yet">
            Codes sent with <code className="font-mono text-[13px]">POST /api/v1/otp/send</code> appear here with their
            status, attempts and expiry, linked to the SMS that carried them. Try it with a sandbox key: the code is in
            that message&apos;s body.
          </EmptyState>
        )
      ) : (
        <>
          <OtpTable codes={codes} now={list.dataUpdatedAt} />
          <div className="mt-4 flex items-center justify-between gap-4 text-sm text-slate-500">
            <span className="tabular-nums">
              {codes.length} {codes.length === 1 ? "code" : "codes"}
              {list.hasNextPage ? " shown" : ""}
            </span>
            {list.hasNextPage ? (
              <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
