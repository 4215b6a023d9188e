"use client";

import { RefreshCw } from "lucide-react";
import { Button } from "./button";

/** "Refresh" for a list beside its filters: spins while the list refetches, disabled while fetching. */
export function RefreshButton({
  list,
}: {
  list: { refetch: () => Promise<unknown>; isFetching: boolean; isRefetching: boolean };
}) {
  return (
    <Button variant="ghost" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching} className="mb-0.5">
      <RefreshCw aria-hidden className={list.isRefetching ? "size-4 animate-spin" : "size-4"} />
      Refresh
    </Button>
  );
}
