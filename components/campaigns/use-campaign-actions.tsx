"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { CampaignView } from "@/schemas/campaigns";
import { formatUsd } from "../format/money";
import { formatCount } from "../format/number";
import { formatDateTime, formatUtc } from "../format/time";
import { ConfirmDialog } from "../ui/dialog";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";

type Pending = "launch" | "pause" | "resume" | "cancel" | "delete" | null;

const COPY = {
  launch: {
    title: "Launch this campaign?",
    confirm: "Launch",
    tone: "primary" as const,
    body: (c: CampaignView) => {
      const audience = `${formatCount(c.estimate.recipients)} contact${c.estimate.recipients === 1 ? "" : "s"}`;
      const cost =
        c.environment === "test" ? " through the sandbox (free)" : `, billed (about ${formatUsd(c.estimate.price)})`;
      return c.scheduledAt && Date.parse(c.scheduledAt) > Date.now()
        ? `It starts at ${formatDateTime(c.scheduledAt)} (${formatUtc(c.scheduledAt)}). Its audience (${audience} today) is fixed then, and messages go out${cost}.`
        : `It starts now: its audience (${audience}) is fixed and messages go out${cost}.`;
    },
  },
  pause: {
    title: "Pause this campaign?",
    confirm: "Pause",
    tone: "primary" as const,
    body: () => "Nothing more is sent until you resume it. Messages already accepted still go out.",
  },
  resume: {
    title: "Resume this campaign?",
    confirm: "Resume",
    tone: "primary" as const,
    body: () => "It continues where it stopped. No recipient is texted twice.",
  },
  cancel: {
    title: "Cancel this campaign?",
    confirm: "Cancel campaign",
    tone: "danger" as const,
    body: () => "Recipients still waiting are never texted. This cannot be undone.",
  },
  delete: {
    title: "Delete this campaign?",
    confirm: "Delete",
    tone: "danger" as const,
    body: () => "The draft is removed. This cannot be undone.",
  },
};

/** Launch, pause, resume, cancel and delete, each behind a confirmation. */
export function useCampaignActions(campaign: CampaignView | undefined) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const done = async (message: string) => {
    toast.success(message);
    setPending(null);
    await queryClient.invalidateQueries({ queryKey: trpc.campaigns.pathKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.campaignTools.pathKey() });
  };
  const onError = (e: unknown) => toastError(e);
  const launch = useMutation(trpc.campaigns.launch.mutationOptions({ onSuccess: () => done("Launched."), onError }));
  const pause = useMutation(trpc.campaigns.pause.mutationOptions({ onSuccess: () => done("Paused."), onError }));
  const resume = useMutation(trpc.campaigns.resume.mutationOptions({ onSuccess: () => done("Resumed."), onError }));
  const cancel = useMutation(trpc.campaigns.cancel.mutationOptions({ onSuccess: () => done("Canceled."), onError }));
  const remove = useMutation(
    trpc.campaigns.delete.mutationOptions({
      onSuccess: async () => {
        await done("Deleted.");
        router.push("/dashboard/campaigns");
      },
      onError,
    }),
  );
  const mutations = { launch, pause, resume, cancel, delete: remove };

  const dialog =
    campaign && pending ? (
      <ConfirmDialog
        open
        onOpenChange={(open) => (open ? null : setPending(null))}
        title={COPY[pending].title}
        description={COPY[pending].body(campaign)}
        confirmLabel={COPY[pending].confirm}
        tone={COPY[pending].tone}
        pending={mutations[pending].isPending}
        onConfirm={() => mutations[pending].mutate({ id: campaign.id })}
      />
    ) : null;

  return { ask: setPending, dialog };
}
