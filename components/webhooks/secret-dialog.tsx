"use client";

import { OneTimeSecretDialog } from "../ui/one-time-secret-dialog";

export interface RevealedSecret {
  kind: "created" | "rotated";
  name: string;
  url: string;
  secret: string;
}

/**
 * A webhook's signing secret after creation or after a new one was generated. Owners and admins can
 * reveal it again on the webhook's page (audited); the others see it here only.
 */
export function SecretDialog({ revealed, onClose }: { revealed: RevealedSecret | null; onClose: () => void }) {
  return (
    <OneTimeSecretDialog
      secret={revealed?.secret ?? null}
      onClose={onClose}
      title={revealed?.kind === "rotated" ? "New signing secret" : "Webhook created"}
      description={
        revealed ? (
          <span className="block min-w-0">
            <span className="font-medium text-slate-700">{revealed.name}</span>
            <span className="block truncate font-mono text-[13px]" title={revealed.url}>
              {revealed.url}
            </span>
          </span>
        ) : null
      }
      warning="Copy the signing secret now."
      warningDetail={
        <>
          Your endpoint needs it to check the signature headers. If you lose it, an owner or admin can reveal it on the
          webhook&apos;s page (the audit log records it), or you can generate a new one from Edit.
          {revealed?.kind === "rotated" ? " Deliveries are already signed with this one." : null}
        </>
      }
      secretLabel="Signing secret"
      copyLabel="Copy secret"
      testId="webhook-secret"
      usage={
        <>
          Store it with your endpoint&apos;s configuration (for example{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[12px] text-slate-700">
            SIGNALGATE_WEBHOOK_SECRET
          </code>
          ) and verify every request with it: see “Verify signatures” on the Webhooks page.
        </>
      }
      notCopiedAlert="You haven't copied the secret yet. Once this dialog closes, only an owner or admin can reveal it again."
      copyFailedLabel="Copy failed — select the secret"
    />
  );
}
