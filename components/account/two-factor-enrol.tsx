"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { Field, Input } from "../ui/input";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { RecoveryCodesList } from "./two-factor-recovery-codes";

/**
 * Set-up in three steps: scan the QR code (or type the secret), confirm with a code from the app,
 * save the recovery codes. `onConfirmed` runs as soon as two-factor is on (every two-factor query
 * is refreshed then, so the page agrees with the toast at once), `onDone` after the codes were
 * acknowledged.
 */
export function TwoFactorEnrol({ onConfirmed, onDone }: { onConfirmed?: () => void; onDone?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useMutation(trpc.twoFactor.start.mutationOptions({ onError: (e) => toastError(e) }));
  const confirm = useMutation(
    trpc.twoFactor.confirm.mutationOptions({
      onSuccess: async (r) => {
        setCodes(r.recoveryCodes);
        onConfirmed?.();
        toast.success("Two-factor sign-in is on");
        await queryClient.invalidateQueries({ queryKey: trpc.twoFactor.pathKey() });
      },
    }),
  );

  if (codes) {
    return (
      <div className="space-y-4">
        <RecoveryCodesList codes={codes} />
        <Button onClick={() => onDone?.()}>I saved my recovery codes</Button>
      </div>
    );
  }

  if (!start.data) {
    return (
      <Button onClick={() => start.mutate()} loading={start.isPending}>
        Set up two-factor sign-in
      </Button>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^[0-9]{6}$/.test(code.trim())) return setError("Enter the 6-digit code from your app.");
    setError(null);
    confirm.mutate({ code: code.trim() });
  }

  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr]">
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made on the server */}
      <img
        src={start.data.qrDataUrl}
        alt="QR code for your authenticator app"
        width={200}
        height={200}
        className="rounded-md border border-slate-200"
      />
      <div className="space-y-4 text-sm text-slate-600">
        <ol className="list-decimal space-y-1 pl-5">
          <li>Scan the QR code with an authenticator app (1Password, Google Authenticator, Authy…).</li>
          <li>Enter the 6-digit code it shows to confirm.</li>
        </ol>
        <div>
          <p className="mb-1">Can&apos;t scan? Type this key into the app:</p>
          <div className="flex items-center gap-2">
            <code data-testid="totp-secret" className="rounded bg-slate-100 px-2 py-1 font-mono text-slate-800">
              {start.data.secret}
            </code>
            <CopyButton value={start.data.secret} label="Copy key" />
          </div>
        </div>
        <form onSubmit={submit} className="flex items-end gap-2">
          <Field label="Code from the app" error={error} failure={confirm.error} className="w-48">
            {(p) => (
              <Input
                {...p}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                autoFocus
              />
            )}
          </Field>
          <Button type="submit" loading={confirm.isPending}>
            Turn on
          </Button>
        </form>
      </div>
    </div>
  );
}
