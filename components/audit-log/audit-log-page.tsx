"use client";

import { useCallback } from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { History, SearchX } from "lucide-react";
import { RefreshButton } from "../ui/refresh-button";
import { EmptyState } from "../ui/empty-state";
import { PageHeader } from "../ui/page-header";
import { useTRPC } from "../trpc/client";
import { hasFilters } from "../dashboard/filter-bar";
import { PagedList } from "../dashboard/paged-list";
import { useUrlState } from "../dashboard/use-url-state";
import { AUDIT_URL_KEYS, AuditFilters, auditListInput } from "./audit-filters";
import { AuditTable } from "./audit-table";

export function AuditLogPage() {
  const trpc = useTRPC();
  const [url, setUrl] = useUrlState(AUDIT_URL_KEYS);
  const members = useQuery(trpc.members.list.queryOptions());
  const list = useInfiniteQuery(
    trpc.auditLog.list.infiniteQueryOptions(auditListInput(url), {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
  const setFilters = useCallback((patch: Parameters<typeof setUrl>[0]) => setUrl(patch), [setUrl]);

  return (
    <div>
      <PageHeader
        title="Audit log"
        description="Who changed what in this organization, from where and when: API keys, webhooks, rate limits, members, sign-ins and revoked sessions, from the dashboard or the API. Secrets are never recorded."
      />
      <AuditFilters state={url} set={setFilters} members={members.data ?? []}>
        <RefreshButton list={list} />
      </AuditFilters>

      <PagedList
        list={list}
        columns={6}
        errorTitle="Could not load the audit log"
        noun={["entry", "entries"]}
        empty={
          hasFilters(url, AUDIT_URL_KEYS) ? (
            <EmptyState icon={SearchX} title="No entries match these filters">
              Try another actor, action or resource, or a wider date range.
            </EmptyState>
          ) : (
            <EmptyState icon={History} title="Nothing recorded yet">
              Every change to API keys, webhooks, rate limits and members, and every sign-in, will be listed here with
              who made it and from where.
            </EmptyState>
          )
        }
      >
        {(items) => <AuditTable entries={items} now={list.dataUpdatedAt} />}
      </PagedList>
    </div>
  );
}
