"use client";

import { useCallback } from "react";
import Link from "next/link";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Activity, SearchX } from "lucide-react";
import { CANONICAL_EVENTS } from "@/schemas/webhooks";
import { PageHeader } from "../ui/page-header";
import { RefreshButton } from "../ui/refresh-button";
import { EmptyState } from "../ui/empty-state";
import { useTRPC } from "../trpc/client";
import { FilterBar, hasFilters } from "../dashboard/filter-bar";
import { FilterSelect } from "../dashboard/filter-controls";
import { PagedList } from "../dashboard/paged-list";
import { useUrlState } from "../dashboard/use-url-state";
import { EventsTable } from "./events-table";
import { EventDrawer } from "./event-drawer";

const URL_KEYS = ["type", "event"] as const;
const FILTER_KEYS = ["type"] as const;
const TYPE_OPTIONS = [
  { value: "message.*", label: "message.* (all)" },
  ...CANONICAL_EVENTS.filter((t) => t.startsWith("message.")).map((t) => ({ value: t, label: t })),
  { value: "otp.*", label: "otp.* (all)" },
  ...CANONICAL_EVENTS.filter((t) => !t.startsWith("message.")).map((t) => ({ value: t, label: t })),
];
/** New events show up without a reload while the page is open. */
const REFRESH_MS = 5_000;

export function EventsPage() {
  const trpc = useTRPC();
  const [url, setUrl] = useUrlState(URL_KEYS);
  const list = useInfiniteQuery(
    trpc.events.list.infiniteQueryOptions(
      { limit: 50, ...(url.type ? { types: url.type } : {}) },
      { getNextPageParam: (last) => last.nextCursor ?? undefined, refetchInterval: REFRESH_MS },
    ),
  );
  const open = useCallback((id: string) => setUrl({ event: id }, { push: true }), [setUrl]);
  const close = useCallback(() => setUrl({ event: null }), [setUrl]);

  return (
    <div>
      <PageHeader
        title="Events"
        description="Everything that happened in your organization over the last 30 days, as webhooks receive it: each event's payload and the deliveries made to your endpoints. Stream them to your laptop with signalgate listen."
      />
      <FilterBar label="Filter events" state={url} keys={FILTER_KEYS} set={setUrl} end={<RefreshButton list={list} />}>
        <FilterSelect
          id="filter-type"
          label="Type"
          allLabel="All types"
          width="w-56"
          value={url.type}
          options={TYPE_OPTIONS}
          onChange={(type) => setUrl({ type })}
        />
      </FilterBar>
      <PagedList
        list={list}
        columns={4}
        errorTitle="Could not load events"
        noun={["event", "events"]}
        empty={
          hasFilters(url, FILTER_KEYS) ? (
            <EmptyState icon={SearchX} title="No events of this type">
              Nothing of this type happened in the last 30 days. Try another type.
            </EmptyState>
          ) : (
            <EmptyState icon={Activity} title="No events yet">
              Send a message and its events appear here as it moves: queued, sent, delivered. Try{" "}
              <code className="font-mono text-[13px]">signalgate trigger message.delivered</code>, or read about the{" "}
              <Link href="/docs#tag/Events" className="text-indigo-700 underline">
                events API
              </Link>
              .
            </EmptyState>
          )
        }
      >
        {(items) => <EventsTable events={items} selectedId={url.event || null} onOpen={open} />}
      </PagedList>
      <EventDrawer eventId={url.event || null} onClose={close} />
    </div>
  );
}
