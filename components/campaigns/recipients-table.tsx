"use client";

import { useState } from "react";
import Link from "next/link";
import { useInfiniteQuery } from "@tanstack/react-query";
import { RECIPIENT_STATUSES } from "@/schemas/campaigns";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Select } from "../ui/input";
import { TableSkeleton } from "../ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { shortId } from "../messages/message-format";
import { useTRPC } from "../trpc/client";
import { ErrorText } from "../trpc/error-notice";
import { RecipientStatusBadge, SKIP_LABELS } from "./campaign-status";

/** The campaign's recipients with their message's status or the reason they were skipped, paged. */
export function RecipientsTable({
  campaignId,
  refetchInterval,
}: {
  campaignId: string;
  refetchInterval: number | false;
}) {
  const trpc = useTRPC();
  const [status, setStatus] = useState<(typeof RECIPIENT_STATUSES)[number] | "">("");
  const list = useInfiniteQuery(
    trpc.campaigns.recipients.infiniteQueryOptions(
      { id: campaignId, limit: 50, ...(status ? { status } : {}) },
      { getNextPageParam: (page) => page.nextCursor ?? undefined, refetchInterval },
    ),
  );
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card>
      <CardHeader
        title="Recipients"
        description="Fixed when the campaign started: each contact of the audience once."
        action={
          <div className="w-40 shrink-0">
            <Select
              aria-label="Filter recipients"
              value={status}
              onChange={(e) => setStatus(e.target.value as typeof status)}
            >
              <option value="">All</option>
              <option value="PENDING">Waiting</option>
              <option value="ACCEPTED">Sent</option>
              <option value="SKIPPED">Skipped</option>
              <option value="CANCELED">Canceled</option>
            </Select>
          </div>
        }
      />
      {list.isPending ? (
        <div className="p-4">
          <TableSkeleton rows={3} columns={4} />
        </div>
      ) : list.isError ? (
        <ErrorText error={list.error} className="p-5 text-sm text-red-600" />
      ) : rows.length === 0 ? (
        <p className="p-5 text-sm text-slate-500">
          {status
            ? "No recipients with this status."
            : "No recipients yet: the audience is fixed when the campaign starts."}
        </p>
      ) : (
        <>
          <Table label="Recipients">
            <THead>
              <TR>
                <TH>Phone</TH>
                <TH>Status</TH>
                <TH className="max-sm:hidden">Message</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((r) => {
                const message = r.messageId ? (
                  <Link
                    href={`/dashboard/messages?message=${r.messageId}`}
                    className="text-indigo-700 hover:underline"
                    title={r.messageId}
                  >
                    {shortId(r.messageId)}
                  </Link>
                ) : null;
                return (
                  <TR key={r.contactId} data-testid="recipient-row">
                    <TD className="font-mono text-[13px]">
                      {r.phone}
                      {/* On a phone the message goes under the number: three columns do not fit. */}
                      {message ? <div className="mt-0.5 text-xs sm:hidden">{message}</div> : null}
                    </TD>
                    <TD>
                      {r.skippedReason ? (
                        <span title={r.skippedDetail ?? undefined}>
                          <Badge tone="amber">Skipped: {SKIP_LABELS[r.skippedReason]}</Badge>
                        </span>
                      ) : (
                        <RecipientStatusBadge status={r.status} />
                      )}
                    </TD>
                    <TD className="font-mono text-[13px] max-sm:hidden">
                      {message ?? <span className="text-slate-400">—</span>}
                    </TD>
                  </TR>
                );
              })}
            </TBody>
          </Table>
          {list.hasNextPage ? (
            <div className="flex justify-center p-3">
              <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Card>
  );
}
