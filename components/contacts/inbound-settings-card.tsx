"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { updateInboundSettingsInput, type InboundSettings } from "@/schemas/inbound";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Field, Textarea } from "../ui/input";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { ErrorText } from "../trpc/error-notice";
import { useCan } from "../dashboard/dashboard-context";

const REPLIES = [
  {
    key: "stopReply",
    label: "STOP reply",
    hint: "After STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE or OPTOUT.",
  },
  { key: "startReply", label: "START reply", hint: "After START, UNSTOP or YES." },
  { key: "helpReply", label: "HELP reply", hint: "After HELP or INFO." },
] as const;

function Form({ settings, canManage }: { settings: InboundSettings; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [state, setState] = useState(settings);
  const [saved, setSaved] = useState(false);
  const update = useMutation(
    trpc.inbox.updateSettings.mutationOptions({
      onSuccess: async (next) => {
        setState(next);
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.inbox.settings.queryKey() });
      },
    }),
  );
  const checked = updateInboundSettingsInput.safeParse(state);
  const errors = checked.success
    ? {}
    : Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message]));
  return (
    <form
      className="space-y-4 px-5 py-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!checked.success) return;
        setSaved(false);
        update.mutate(checked.data);
      }}
    >
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300 text-indigo-600"
          checked={state.keywordsEnabled}
          disabled={!canManage}
          onChange={(e) => setState({ ...state, keywordsEnabled: e.target.checked })}
        />
        Answer keywords (opt-outs still need STOP to work: turn this off only if you handle them yourself)
      </label>
      {REPLIES.map((r) => (
        <Field key={r.key} label={r.label} hint={`${r.hint} Empty: no reply.`} error={errors[r.key]}>
          {(p) => (
            <Textarea
              {...p}
              rows={2}
              readOnly={!canManage}
              value={state[r.key]}
              onChange={(e) => setState({ ...state, [r.key]: e.target.value })}
            />
          )}
        </Field>
      ))}
      {update.isError ? <ErrorText error={update.error} className="text-sm text-red-600" /> : null}
      {canManage ? (
        <div className="flex items-center gap-3">
          <Button type="submit" loading={update.isPending}>
            Save replies
          </Button>
          {saved && !update.isPending ? <span className="text-sm text-emerald-700">Saved</span> : null}
        </div>
      ) : (
        <p className="text-sm text-slate-500">Only owners, admins and developers change these.</p>
      )}
    </form>
  );
}

/** Keyword handling and reply texts (contract §10), beside the numbers that receive them. */
export function InboundSettingsCard() {
  const trpc = useTRPC();
  const canRead = useCan("inbound.read");
  const canManage = useCan("inbound.manage");
  const settings = useQuery(trpc.inbox.settings.queryOptions(undefined, { enabled: canRead }));
  if (!canRead) return null;
  return (
    <Card className="mt-8 max-w-2xl">
      <CardHeader
        title="Keywords and replies"
        description="Replies go out from the number the keyword was sent to, as ordinary messages (live replies are billed)."
      />
      {settings.data ? (
        <Form settings={settings.data} canManage={canManage} />
      ) : settings.isError ? (
        <ErrorText error={settings.error} className="px-5 py-4 text-sm text-red-600" />
      ) : (
        <Skeleton className="m-5 h-40" />
      )}
    </Card>
  );
}
