"use client";

import { useQuery } from "@tanstack/react-query";
import { Ban, Megaphone, Pause, Play, Rocket, Trash2 } from "lucide-react";
import { EDITABLE_STATUSES, type CampaignView } from "@/schemas/campaigns";
import { useCan } from "../dashboard/dashboard-context";
import { BackLink, DetailHeader, DetailItem, RecordStates } from "../dashboard/detail-page";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { useTRPC } from "../trpc/client";
import { formatCount } from "../format/number";
import { Time } from "../ui/time";
import { CampaignBuilder } from "./campaign-builder";
import { CampaignChart } from "./campaign-chart";
import { CampaignProgress } from "./campaign-progress";
import { CampaignStatusBadge } from "./campaign-status";
import { RecipientsTable } from "./recipients-table";
import { useCampaignActions } from "./use-campaign-actions";

const POLL_MS = 2_000;

/**
 * One campaign. A draft (or a scheduled one) opens in the builder, with Launch; once it runs, its
 * progress, clicks and opt-outs over time and recipients, polled while it is moving. Support
 * staff see everything and change nothing.
 */
export function CampaignDetailPage({ campaignId }: { campaignId: string }) {
  const trpc = useTRPC();
  const canManage = useCan("campaigns.manage");
  const campaign = useQuery({
    ...trpc.campaigns.get.queryOptions({ id: campaignId }),
    refetchInterval: (q) => (q.state.data && isMoving(q.state.data) ? POLL_MS : false),
  });
  const { ask, dialog } = useCampaignActions(campaign.data);

  if (!campaign.data) {
    return (
      <RecordStates query={campaign} noun="campaign" icon={Megaphone}>
        {() => null}
      </RecordStates>
    );
  }
  const c = campaign.data;
  const actions = canManage ? <Actions campaign={c} ask={ask} /> : null;
  if (EDITABLE_STATUSES.includes(c.status) && canManage) {
    return (
      <>
        <CampaignBuilder key={c.updatedAt} campaign={c} actions={actions} />
        {dialog}
      </>
    );
  }
  const poll = isMoving(c) ? POLL_MS : false;
  return (
    <div className="space-y-6">
      <div>
        <BackLink href="/dashboard/campaigns">Campaigns</BackLink>
        <DetailHeader
          className=""
          title={
            <>
              {c.name}
              <CampaignStatusBadge status={c.status} />
              {c.environment === "test" ? <Badge tone="violet">Sandbox</Badge> : null}
            </>
          }
          titleClassName="flex items-center gap-2"
          subtitle={
            <p className="text-sm text-slate-500">
              {c.pausedReason === "spending_limit_reached" ? (
                "Paused: the organization's monthly spend limit was reached. Raise it in Billing, then resume."
              ) : c.pausedReason === "internal_error" ? (
                <>
                  Paused: an internal error stopped this campaign; no other campaign was held up. Quote the error
                  reference <code className="rounded bg-slate-100 px-1 font-mono text-xs">{c.errorReference}</code> to
                  support, and resume once the cause is fixed.
                </>
              ) : c.launchedAt ? (
                <>
                  Launched <Time at={c.launchedAt} />
                  {c.completedAt ? (
                    <>
                      {" "}
                      · completed <Time at={c.completedAt} />
                    </>
                  ) : null}
                </>
              ) : c.status === "SCHEDULED" && c.scheduledAt ? (
                <>
                  Starts <Time at={c.scheduledAt} />
                </>
              ) : (
                <>
                  Created <Time at={c.createdAt} />
                </>
              )}
            </p>
          }
          actions={actions}
        />
      </div>
      <CampaignProgress campaign={c} />
      <Summary campaign={c} />
      <CampaignChart campaignId={c.id} refetchInterval={poll} />
      <RecipientsTable campaignId={c.id} refetchInterval={poll} />
      {dialog}
    </div>
  );
}

function isMoving(c: CampaignView): boolean {
  return (
    c.status === "RUNNING" ||
    c.status === "SCHEDULED" ||
    (c.status === "COMPLETED" && c.stats.queued + c.stats.sent > 0)
  );
}

function Actions({
  campaign: c,
  ask,
}: {
  campaign: CampaignView;
  ask: (a: "launch" | "pause" | "resume" | "cancel" | "delete") => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {c.status === "DRAFT" ? (
        <Button variant="ghost" aria-label="Delete campaign" onClick={() => ask("delete")}>
          <Trash2 aria-hidden className="size-4 text-red-600" />
        </Button>
      ) : null}
      {c.status === "RUNNING" ? (
        <Button variant="secondary" onClick={() => ask("pause")}>
          <Pause aria-hidden className="size-4" />
          Pause
        </Button>
      ) : null}
      {c.status === "PAUSED" ? (
        <Button onClick={() => ask("resume")}>
          <Play aria-hidden className="size-4" />
          Resume
        </Button>
      ) : null}
      {c.status === "SCHEDULED" || c.status === "RUNNING" || c.status === "PAUSED" ? (
        <Button variant="secondary" onClick={() => ask("cancel")}>
          <Ban aria-hidden className="size-4" />
          Cancel
        </Button>
      ) : null}
      {c.status === "DRAFT" ? (
        <Button onClick={() => ask("launch")}>
          <Rocket aria-hidden className="size-4" />
          Launch
        </Button>
      ) : null}
    </div>
  );
}

function Summary({ campaign: c }: { campaign: CampaignView }) {
  const tags = c.audience.tags.length ? c.audience.tags.join(", ") : "Every contact";
  return (
    <Card>
      <dl className="grid gap-x-6 gap-y-4 px-5 py-4 sm:grid-cols-2 lg:grid-cols-4">
        <DetailItem label="Audience">
          {tags}
          {c.audience.excludeTags.length ? `, except ${c.audience.excludeTags.join(", ")}` : ""}
        </DetailItem>
        <DetailItem label="Quiet hours">
          {c.sendWindow ? `${c.sendWindow.start}–${c.sendWindow.end} local time` : "None"}
        </DetailItem>
        <DetailItem label="Throttle">
          {c.throttlePerMinute ? `${formatCount(c.throttlePerMinute)} / minute` : "None"}
        </DetailItem>
        <DetailItem label="Frequency cap">
          {c.frequencyCapHours ? `${formatCount(c.frequencyCapHours)} h` : "None"}
        </DetailItem>
        <div className="sm:col-span-2 lg:col-span-4">
          <DetailItem label="Message">
            <span className="font-mono text-[13px] whitespace-pre-wrap">{c.template}</span>
          </DetailItem>
        </div>
      </dl>
    </Card>
  );
}
