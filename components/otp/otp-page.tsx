"use client";

import { useCallback } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { SearchX, ShieldCheck } from "lucide-react";
import { OTP_STATUSES, type ListOtpCodesInput } from "@/schemas/message-views";
import { EmptyState } from "../ui/empty-state";
import { PageHeader } from "../ui/page-header";
import { useTRPC } from "../trpc/client";
import { FilterBar, hasFilters } from "../dashboard/filter-bar";
import { EnvironmentFilter, StatusFilter } from "../dashboard/filter-controls";
import { listEnvironment, useEnvironment } from "../dashboard/environment";
import { RecipientFilter } from "../dashboard/recipient-filter";
import { PagedList } from "../dashboard/paged-list";
import { isOneOf, useUrlState } from "../dashboard/use-url-state";
import { OTP_STATUS_INFO } from "./otp-status-badge";
import { OtpTable } from "./otp-table";
import { BlockedAttempts } from "./blocked-attempts";
import { RefreshButton } from "../ui/refresh-button";

const URL_KEYS = ["status", "env", "recipient"] as const;
/** Pending codes change on their own (verified, expired): refresh often while any is on screen. */
const PENDING_REFRESH_MS = 5_000;
/** New codes arrive on their own too: the page stays live (while it is in view), and has Refresh. */
const LIVE_REFRESH_MS = 15_000;

export function OtpPage() {
  const trpc = useTRPC();
  const [url, setUrl] = useUrlState(URL_KEYS);
  const { environment } = useEnvironment();
  const input: Omit<ListOtpCodesInput, "cursor"> = {
    ...(isOneOf(OTP_STATUSES, url.status) ? { status: url.status } : {}),
    ...listEnvironment(url.env, environment),
    ...(url.recipient ? { to: url.recipient } : {}),
  };
  const list = useInfiniteQuery(
    trpc.otp.list.infiniteQueryOptions(input, {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      refetchInterval: (query) =>
        query.state.data?.pages.some((p) => p.items.some((c) => c.status === "PENDING"))
          ? PENDING_REFRESH_MS
          : LIVE_REFRESH_MS,
    }),
  );
  const setRecipient = useCallback((recipient: string) => setUrl({ recipient }), [setUrl]);

  return (
    <div>
      <PageHeader
        title="OTP activity"
        description="One-time passcodes sent through the OTP API: whether they were verified, attempts used and expiry. Codes themselves are never stored or shown."
      />
      <FilterBar label="Filter OTP codes" state={url} keys={URL_KEYS} set={setUrl} end={<RefreshButton list={list} />}>
        <StatusFilter
          id="otp-filter-status"
          width="w-44"
          statuses={OTP_STATUSES}
          info={OTP_STATUS_INFO}
          value={url.status}
          onChange={(status) => setUrl({ status })}
        />
        <EnvironmentFilter id="otp-filter-environment" value={url.env} onChange={(env) => setUrl({ env })} />
        <RecipientFilter id="otp-filter-recipient" value={url.recipient} onChange={setRecipient} />
      </FilterBar>

      <BlockedAttempts />

      <PagedList
        list={list}
        columns={7}
        errorTitle="Could not load OTP activity"
        noun={["code", "codes"]}
        sayWhenAll={false}
        empty={
          hasFilters(url, URL_KEYS) ? (
            <EmptyState icon={SearchX} title="No codes match these filters">
              Try another status or environment, or a shorter recipient prefix.
            </EmptyState>
          ) : (
            <EmptyState icon={ShieldCheck} title="No OTP codes yet">
              Codes sent with <code className="font-mono text-[13px]">POST /api/v1/otp/send</code> appear here with
              their status, attempts and expiry, linked to the SMS that carried them. Try it with a sandbox key: the
              code is in that message&apos;s body.
            </EmptyState>
          )
        }
      >
        {(codes) => <OtpTable codes={codes} now={list.dataUpdatedAt} />}
      </PagedList>
    </div>
  );
}
