"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { toast } from "sonner";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Dialog } from "../ui/dialog";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { CodeDialog } from "./two-factor-code-dialog";
import { TwoFactorEnrol } from "./two-factor-enrol";
import { RecoveryCodesList } from "./two-factor-recovery-codes";
import { RequireTwoFactorSwitch } from "./two-factor-require-switch";

/** The signed-in user's two-factor sign-in, and the organization's requirement (owners change it). */
export function TwoFactorPage() {
  const trpc = useTRPC();
  const status = useQuery(trpc.twoFactor.status.queryOptions());
  // Enrolment stays on screen after the confirming code, until its recovery codes are saved, while
  // the badge and the requirement card already say it is on.
  const [enrolling, setEnrolling] = useState(false);
  return (
    <div>
      <PageHeader
        title="Two-factor sign-in"
        description="Protect your account with a code from an authenticator app on top of your password."
      />
      {status.isPending ? (
        <Skeleton className="h-40" />
      ) : status.isError ? (
        <ErrorState title="Could not load" error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <div className="space-y-6">
          <Card>
            <CardHeader
              title={
                <span className="flex items-center gap-2">
                  Authenticator app
                  {status.data.enabled ? <Badge tone="green">On</Badge> : <Badge tone="gray">Off</Badge>}
                </span>
              }
              description={
                status.data.enabled
                  ? `Sign-in asks for a 6-digit code from your app. ${status.data.recoveryCodesRemaining} of 10 recovery codes left.`
                  : "Sign-in asks for your password only. Anyone who learns it can use your account."
              }
            />
            <CardBody>
              {status.data.enabled && !enrolling ? (
                <EnabledActions />
              ) : (
                <TwoFactorEnrol onConfirmed={() => setEnrolling(true)} onDone={() => setEnrolling(false)} />
              )}
            </CardBody>
          </Card>
          <RequireTwoFactorSwitch ownEnabled={status.data.enabled} />
        </div>
      )}
    </div>
  );
}

function EnabledActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<"disable" | "regenerate" | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.twoFactor.status.queryKey() });
  const disable = useMutation(
    trpc.twoFactor.disable.mutationOptions({
      onSuccess: async () => {
        setDialog(null);
        toast.success("Two-factor sign-in is off");
        await refresh();
      },
    }),
  );
  const regenerate = useMutation(
    trpc.twoFactor.regenerate.mutationOptions({
      onSuccess: async (r) => {
        setDialog(null);
        setCodes(r.recoveryCodes);
        await refresh();
      },
    }),
  );
  const open = (d: "disable" | "regenerate") => {
    disable.reset();
    regenerate.reset();
    setDialog(d);
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => open("regenerate")}>
        <ShieldCheck aria-hidden className="size-4" /> New recovery codes
      </Button>
      <Button variant="danger" onClick={() => open("disable")}>
        <ShieldOff aria-hidden className="size-4" /> Turn off
      </Button>
      <CodeDialog
        open={dialog === "disable"}
        onOpenChange={(o) => !o && setDialog(null)}
        title="Turn off two-factor sign-in?"
        description="Your password alone will sign you in. Your recovery codes stop working."
        confirmLabel="Turn off"
        tone="danger"
        pending={disable.isPending}
        failure={disable.error}
        onSubmit={(code) => disable.mutate({ code })}
      />
      <CodeDialog
        open={dialog === "regenerate"}
        onOpenChange={(o) => !o && setDialog(null)}
        title="Make new recovery codes?"
        description="10 new codes replace every old one, used or not."
        confirmLabel="Make new codes"
        pending={regenerate.isPending}
        failure={regenerate.error}
        onSubmit={(code) => regenerate.mutate({ code })}
      />
      <Dialog open={codes !== null} onOpenChange={(o) => !o && setCodes(null)} title="Your new recovery codes">
        {codes ? <RecoveryCodesList codes={codes} /> : null}
      </Dialog>
    </div>
  );
}
