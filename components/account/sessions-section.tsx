"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Monitor, TerminalSquare } from "lucide-react";
import { toast } from "sonner";
import type { SessionView } from "@/schemas/accounts";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/dialog";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { ErrorText, toastError } from "../trpc/error-notice";
import { Time } from "../ui/time";

/** A short, readable name for a User-Agent ("Chrome on Linux"), else the raw start of it. */
function describeAgent(ua: string | null): string {
  if (!ua) return "Unknown client";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Chrome\//.test(ua)
      ? "Chrome"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  const os = /Windows/.test(ua)
    ? "Windows"
    : /Mac OS X/.test(ua)
      ? "macOS"
      : /Android/.test(ua)
        ? "Android"
        : /iPhone|iPad/.test(ua)
          ? "iOS"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return ua.slice(0, 60);
}

export function SessionsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.account.sessions.queryOptions());
  const [revoking, setRevoking] = useState<SessionView | null>(null);
  const revoke = useMutation(
    trpc.account.revokeSession.mutationOptions({
      onSuccess: async () => {
        toast.success("Session signed out");
        setRevoking(null);
        await queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() });
      },
      onError: (error) => toastError(error),
    }),
  );

  return (
    <Card>
      <CardHeader
        title="Sessions"
        description="Where your account is signed in: browsers on the dashboard, and API sign-ins (refresh tokens)."
      />
      <CardBody className="p-0">
        {sessions.isPending ? (
          <div className="p-5">
            <Skeleton className="h-16 w-full" />
          </div>
        ) : sessions.isError ? (
          <ErrorText error={sessions.error} className="p-5 text-sm text-red-700" />
        ) : (
          <ul aria-label="Sessions" className="divide-y divide-slate-100">
            {sessions.data.map((s) => {
              const Icon = s.kind === "dashboard" ? Monitor : TerminalSquare;
              return (
                <li key={s.id} className="flex items-center gap-4 px-5 py-3">
                  <Icon aria-hidden className="size-5 shrink-0 text-slate-400" />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                      {s.kind === "dashboard" ? describeAgent(s.userAgent) : `API · ${describeAgent(s.userAgent)}`}
                      {s.current ? <Badge tone="green">This session</Badge> : null}
                    </p>
                    <p className="text-xs text-slate-500">
                      {s.ip ?? "Unknown address"} · signed in <Time at={s.createdAt} /> · last active{" "}
                      <Time at={s.lastUsedAt} />
                    </p>
                  </div>
                  {s.current ? null : (
                    <Button size="sm" variant="secondary" onClick={() => setRevoking(s)}>
                      Sign out
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardBody>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Sign out this session?"
        description={
          revoking?.kind === "api"
            ? "Its refresh token and access tokens stop working at once. Scripts using it must sign in again."
            : "That browser is signed out on its next request."
        }
        confirmLabel="Sign out session"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ sessionId: revoking.id })}
      />
    </Card>
  );
}
