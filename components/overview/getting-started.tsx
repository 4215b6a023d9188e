"use client";

import { useState, type ReactNode } from "react";
import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound, X } from "lucide-react";
import type { OnboardingStatus } from "@/schemas/onboarding";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { CodeBlock } from "../ui/code-block";
import { CopyButton } from "../ui/copy-button";
import { useCan } from "../dashboard/dashboard-context";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { CHECKLIST_STEPS, checklistDone, SetupChecklist } from "./setup-checklist";

function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[12.5px] text-slate-800">{children}</code>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-2.5">
      <h3 className="text-sm font-medium text-slate-900">{title}</h3>
      {children}
    </div>
  );
}

/** The first call, as a reader copies it: this server's address and, once made, the sandbox key itself. */
export function firstCall(baseUrl: string, key: string | null): string {
  return `curl -X POST ${baseUrl}/api/v1/sms/send \\
  -H "Authorization: Bearer ${key ?? "$SIGNALGATE_API_KEY"}" \\
  -H "Content-Type: application/json" \\
  -d '{"to": "+14155550123", "body": "Hello from SignalGate"}'`;
}

/**
 * A new organization's first five minutes, as Stripe does them: a sandbox key in one click, the
 * first call with that key filled in, and a checklist that ticks itself. Dismissed per member.
 */
export function GettingStarted({ baseUrl, status }: { baseUrl: string; status: OnboardingStatus }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canCreateKeys = useCan("apiKeys.manage");
  const [rawKey, setRawKey] = useState<string | null>(null);
  const createKey = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: (key) => {
        setRawKey(key.rawKey);
        void queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
      },
      onError: (err) => toastError(err),
    }),
  );
  const dismiss = useMutation(
    trpc.onboarding.dismiss.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.onboarding.status.queryKey() }),
      onError: (err) => toastError(err),
    }),
  );
  const done = checklistDone(status);

  return (
    <Card>
      <CardHeader
        title="Getting started"
        description={
          done === CHECKLIST_STEPS
            ? "All set: messages, a webhook and its deliveries work. Dismiss this card when you like."
            : "Send your first SMS from the sandbox: nothing is delivered or billed."
        }
        action={
          <Button
            variant="ghost"
            size="sm"
            aria-label="Dismiss the checklist"
            title="Dismiss"
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate()}
          >
            <X aria-hidden className="size-4" />
          </Button>
        }
      />
      <div className="space-y-7 px-5 py-5">
        <Section title="1. A sandbox key">
          {!canCreateKeys ? (
            <p
              className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
              data-testid="read-only-note"
            >
              Your role reads this organization; creating keys needs an owner, admin or developer. Ask one for a{" "}
              <Code>sg_test_</Code> key.
            </p>
          ) : rawKey ? (
            <div className="space-y-2 text-sm text-slate-600">
              <div className="flex min-w-0 items-center gap-2 rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
                <code className="min-w-0 flex-1 truncate font-mono text-[13px] text-slate-900" data-testid="new-key">
                  {rawKey}
                </code>
                <CopyButton value={rawKey} label="Copy key" />
              </div>
              <p>
                Shown once: keep it in <Code>SIGNALGATE_API_KEY</Code>, out of client-side code. Manage it on{" "}
                <Link href="/dashboard/api-keys" className="font-medium text-indigo-600 hover:text-indigo-500">
                  API keys
                </Link>
                .
              </p>
            </div>
          ) : (
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
              <Button
                onClick={() => createKey.mutate({ name: "Sandbox key", environment: "test" })}
                loading={createKey.isPending}
              >
                <KeyRound aria-hidden className="size-4" />
                Create a sandbox key
              </Button>
              <span className="min-w-0 flex-1 basis-64">
                An <Code>sg_test_</Code> key: its messages go QUEUED → SENT → DELIVERED in seconds and never leave
                SignalGate.
              </span>
            </div>
          )}
        </Section>
        <Section title="2. Your first call">
          <div data-testid="first-call">
            <CodeBlock code={firstCall(baseUrl, rawKey)} />
          </div>
          <p className="text-sm text-slate-600">
            It answers <Code>202</Code> with a <Code>messageId</Code>. To see the failures, send to{" "}
            <Code>+15005550001</Code> (failed) or <Code>+15005550002</Code> (undelivered). Prefer TypeScript? See the{" "}
            <Link href="/docs/guides/sdk" className="font-medium text-indigo-600 hover:text-indigo-500">
              SDK guide
            </Link>
            .
          </p>
        </Section>
        <Section title={`3. Checklist · ${done} of ${CHECKLIST_STEPS} done`}>
          <SetupChecklist status={status} />
        </Section>
      </div>
    </Card>
  );
}
