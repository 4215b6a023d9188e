"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BackLink } from "../dashboard/detail-page";
import { toast } from "sonner";
import type { CampaignView } from "@/schemas/campaigns";
import { formatUtc, viewerZone } from "../format/time";
import { fromLocalInputValue } from "../messages/schedule-format";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FormError } from "../ui/form-dialog";
import { Field, Input, Select } from "../ui/input";
import { PageHeader } from "../ui/page-header";
import { useTRPC } from "../trpc/client";
import { fieldErrors } from "../trpc/errors";
import { toastError } from "../trpc/error-notice";
import { initialState, toInput, type BuilderState } from "./builder-state";
import { PreviewPanel } from "./preview-panel";
import { TemplateEditor } from "./template-editor";

/**
 * Create a campaign, or edit one that has not started: audience, message, schedule and delivery
 * rules on the left; the preview, the live recipient count, the cost and a test send on the right.
 */
export function CampaignBuilder({ campaign, actions }: { campaign: CampaignView | null; actions?: React.ReactNode }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [state, setState] = useState<BuilderState>(() => initialState(campaign));
  const update = (patch: Partial<BuilderState>) => setState((s) => ({ ...s, ...patch }));
  const settings = useQuery({ ...trpc.campaignTools.settings.queryOptions(), staleTime: Infinity });

  const onError = (e: unknown) => {
    if (Object.keys(fieldErrors(e)).length === 0) toastError(e);
  };
  const create = useMutation(
    trpc.campaigns.create.mutationOptions({
      onSuccess: (c) => {
        toast.success(`Saved “${c.name}” as a draft.`);
        router.push(`/dashboard/campaigns/${c.id}`);
      },
      onError,
    }),
  );
  const save = useMutation(
    trpc.campaigns.update.mutationOptions({
      onSuccess: async (c) => {
        toast.success(`Saved “${c.name}”.`);
        await queryClient.invalidateQueries({ queryKey: trpc.campaigns.get.queryKey({ id: c.id }) });
      },
      onError,
    }),
  );
  const pending = create.isPending || save.isPending;
  const errors = fieldErrors(create.error ?? save.error);
  const err = (path: string) => errors[path] ?? Object.entries(errors).find(([k]) => k.startsWith(`${path}.`))?.[1];

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const input = toInput(state);
    if (campaign) {
      const { environment: _env, ...patch } = input;
      save.mutate({ id: campaign.id, ...patch });
    } else create.mutate(input);
  }

  return (
    <div>
      <BackLink href="/dashboard/campaigns">Campaigns</BackLink>
      <PageHeader
        title={campaign ? campaign.name : "New campaign"}
        description={campaign ? "Edit until it starts; the audience is fixed then." : undefined}
        actions={actions}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Card className="space-y-4 p-4">
            <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
              <Field label="Name" error={err("name")}>
                {(p) => <Input {...p} value={state.name} onChange={(e) => update({ name: e.target.value })} />}
              </Field>
              <Field label="Environment" hint={campaign ? "Fixed once saved." : "Sandbox campaigns are free."}>
                {(p) => (
                  <Select
                    {...p}
                    value={state.environment}
                    disabled={Boolean(campaign)}
                    onChange={(e) => update({ environment: e.target.value as "test" | "live" })}
                  >
                    <option value="test">Sandbox</option>
                    <option value="live">Live</option>
                  </Select>
                )}
              </Field>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Contacts tagged"
                hint="Comma-separated, any of them; empty = every contact."
                error={err("audience")}
              >
                {(p) => (
                  <Input
                    {...p}
                    value={state.tags}
                    placeholder="vip, newsletter"
                    onChange={(e) => update({ tags: e.target.value })}
                  />
                )}
              </Field>
              <Field label="Except those tagged" hint="Comma-separated.">
                {(p) => (
                  <Input
                    {...p}
                    value={state.excludeTags}
                    placeholder="staff"
                    onChange={(e) => update({ excludeTags: e.target.value })}
                  />
                )}
              </Field>
            </div>
          </Card>

          <Card className="space-y-3 p-4">
            <TemplateEditor
              value={state.template}
              onChange={(template) => update({ template })}
              appendOptOutText={state.appendOptOutText}
              linkTracking={state.linkTracking}
              linkBaseUrl={settings.data?.linkBaseUrl ?? "http://localhost:3000"}
              serverError={err("template")}
            />
            <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
              <Toggle checked={state.appendOptOutText} onChange={(v) => update({ appendOptOutText: v })}>
                Append “Reply STOP to opt out.” (unless the message says STOP)
              </Toggle>
              <Toggle checked={state.linkTracking} onChange={(v) => update({ linkTracking: v })}>
                Track links (each recipient gets short links of their own)
              </Toggle>
            </div>
          </Card>

          <Card className="space-y-4 p-4">
            <div className="space-y-2">
              <Toggle checked={state.scheduleLater} onChange={(v) => update({ scheduleLater: v })}>
                Start at a set time (else when launched)
              </Toggle>
              {state.scheduleLater ? (
                <Field
                  label={`Start at (${viewerZone()})`}
                  hint={`${startsAtUtc(state.scheduledAt)}60 seconds to 35 days ahead.`}
                  error={err("scheduledAt")}
                >
                  {(p) => (
                    <Input
                      {...p}
                      type="datetime-local"
                      value={state.scheduledAt}
                      onChange={(e) => update({ scheduledAt: e.target.value })}
                    />
                  )}
                </Field>
              ) : null}
            </div>
            <div className="space-y-2">
              <Toggle checked={state.windowOn} onChange={(v) => update({ windowOn: v })}>
                Quiet hours: send only within a window of each recipient&apos;s local time
              </Toggle>
              {state.windowOn ? (
                <div className="grid grid-cols-2 gap-4">
                  <Field label="From" error={err("sendWindow")}>
                    {(p) => (
                      <Input
                        {...p}
                        type="time"
                        value={state.windowStart}
                        onChange={(e) => update({ windowStart: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="Until" hint="A number that may be in several zones waits until all are open.">
                    {(p) => (
                      <Input
                        {...p}
                        type="time"
                        value={state.windowEnd}
                        onChange={(e) => update({ windowEnd: e.target.value })}
                      />
                    )}
                  </Field>
                </div>
              ) : null}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Throttle"
                aside="Optional"
                hint="Messages per minute at most."
                error={err("throttlePerMinute")}
              >
                {(p) => (
                  <Input
                    {...p}
                    inputMode="numeric"
                    value={state.throttle}
                    placeholder="No limit"
                    onChange={(e) => update({ throttle: e.target.value })}
                  />
                )}
              </Field>
              <Field
                label="Frequency cap"
                aside="Optional"
                hint="Skip anyone texted by another campaign within this many hours."
                error={err("frequencyCapHours")}
              >
                {(p) => (
                  <Input
                    {...p}
                    inputMode="numeric"
                    value={state.cap}
                    placeholder="None"
                    onChange={(e) => update({ cap: e.target.value })}
                  />
                )}
              </Field>
            </div>
          </Card>

          <div className="flex items-center justify-end gap-3">
            {/* Refused fields show their messages above; this is the refusal's code and log entry. */}
            {Object.keys(errors).length > 0 ? <FormError error={create.error ?? save.error} /> : null}
            <Button type="submit" loading={pending}>
              {campaign ? "Save changes" : "Save draft"}
            </Button>
          </div>
        </form>
        <PreviewPanel state={state} campaignId={campaign?.id ?? null} />
      </div>
    </div>
  );
}

function Toggle({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        className="size-4 rounded border-slate-300 text-indigo-600"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children}
    </label>
  );
}

/** The UTC instant of a datetime-local value (the viewer's zone), for the hint: "2026-11-27 08:00:00 UTC · ". */
function startsAtUtc(value: string): string {
  const at = fromLocalInputValue(value);
  return at ? `${formatUtc(at)} · ` : "";
}
