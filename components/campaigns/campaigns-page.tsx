"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Megaphone, Plus } from "lucide-react";
import type { CampaignView } from "@/schemas/campaigns";
import { useCan } from "../dashboard/dashboard-context";
import { Badge } from "../ui/badge";
import { buttonClasses } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { TableSkeleton } from "../ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useTRPC } from "../trpc/client";
import { formatCount } from "../format/number";
import { Time } from "../ui/time";
import { CampaignStatusBadge } from "./campaign-status";

/** Every campaign of the organization, both environments, newest first. */
export function CampaignsPage() {
  const trpc = useTRPC();
  const canManage = useCan("campaigns.manage");
  const campaigns = useQuery(trpc.campaigns.list.queryOptions({ limit: 100 }));
  const create = canManage ? (
    <Link href="/dashboard/campaigns/new" className={buttonClasses("primary")}>
      <Plus aria-hidden className="size-4" />
      New campaign
    </Link>
  ) : null;

  return (
    <div>
      <PageHeader
        title="Campaigns"
        description="Marketing texts to an audience of your contacts, with merge fields, quiet hours, a frequency cap, tracked links and a STOP footer."
        actions={campaigns.isSuccess && campaigns.data.items.length > 0 ? create : null}
      />
      {campaigns.isPending ? (
        <TableSkeleton rows={4} columns={6} />
      ) : campaigns.isError ? (
        <ErrorState title="Could not load campaigns" error={campaigns.error} onRetry={() => void campaigns.refetch()} />
      ) : campaigns.data.items.length === 0 ? (
        <EmptyState icon={Megaphone} title="No campaigns yet" action={create ?? undefined}>
          A campaign texts the contacts you pick by tag, each in their own time zone, with a test send and a cost
          estimate before anything goes out. Start in the sandbox: sandbox campaigns are free.
        </EmptyState>
      ) : (
        <CampaignsTable campaigns={campaigns.data.items} />
      )}
    </div>
  );
}

function CampaignsTable({ campaigns }: { campaigns: CampaignView[] }) {
  return (
    <Table label="Campaigns">
      <THead>
        <TR>
          <TH>Name</TH>
          <TH>Status</TH>
          <TH className="text-right">Recipients</TH>
          <TH className="text-right">Delivered</TH>
          <TH className="text-right">Clicks</TH>
          <TH>Created</TH>
        </TR>
      </THead>
      <TBody>
        {campaigns.map((c) => (
          <TR key={c.id} data-testid="campaign-row">
            <TD>
              <Link href={`/dashboard/campaigns/${c.id}`} className="font-medium text-slate-900 hover:text-indigo-700">
                {c.name}
              </Link>
              {c.environment === "test" ? (
                <Badge tone="violet" className="ml-2">
                  Sandbox
                </Badge>
              ) : null}
            </TD>
            <TD>
              <CampaignStatusBadge status={c.status} />
            </TD>
            <TD className="text-right tabular-nums">{formatCount(c.stats.recipients || c.estimate.recipients)}</TD>
            <TD className="text-right tabular-nums">{formatCount(c.stats.delivered)}</TD>
            <TD className="text-right tabular-nums">{formatCount(c.stats.uniqueClicks)}</TD>
            <TD className="text-slate-500">
              <Time at={c.createdAt} />
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
