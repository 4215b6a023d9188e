"use client";

import { useState } from "react";
import { TriangleAlert } from "lucide-react";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { Dialog } from "../ui/dialog";

export interface RevealedSecret {
  kind: "created" | "rotated";
  name: string;
  url: string;
  secret: string;
}

/**
 * The one moment a signing secret is shown. Closing it by accident (Escape, a click outside, the
 * X) before the secret was copied only warns; a second, deliberate close dismisses it.
 */
export function SecretDialog({ revealed, onClose }: { revealed: RevealedSecret | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const [warned, setWarned] = useState(false);
  const [forSecret, setForSecret] = useState(revealed?.secret);
  if (revealed && revealed.secret !== forSecret) {
    setForSecret(revealed.secret);
    setCopied(false);
    setWarned(false);
  }

  function requestClose() {
    if (copied || warned) {
      onClose();
      return;
    }
    setWarned(true);
  }

  return (
    <Dialog
      open={revealed !== null}
      onOpenChange={(open) => (open ? undefined : requestClose())}
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
      footer={
        warned && !copied ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Close without copying
            </Button>
            <CopyAndClose value={revealed?.secret ?? ""} onDone={onClose} />
          </>
        ) : (
          <Button onClick={requestClose}>Done</Button>
        )
      }
    >
      {revealed ? (
        <div className="space-y-4">
          <div className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
            <div className="text-sm text-amber-900">
              <p className="font-medium">Copy the signing secret now — you won&apos;t see it again.</p>
              <p className="mt-0.5 text-amber-800">
                Your endpoint needs it to check the <code className="font-mono text-[12px]">X-Webhook-Signature</code>{" "}
                header. If you lose it, generate a new one from Edit.
                {revealed.kind === "rotated" ? " Deliveries are already signed with this one." : null}
              </p>
            </div>
          </div>

          <div className="overflow-hidden rounded-lg bg-slate-50 ring-1 ring-slate-200 ring-inset">
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-1.5 pr-1.5 pl-3">
              <span className="text-xs font-medium text-slate-500">Signing secret</span>
              <span onClickCapture={() => setCopied(true)}>
                <CopyButton
                  value={revealed.secret}
                  label="Copy secret"
                  className="bg-white text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset"
                />
              </span>
            </div>
            <code
              data-testid="webhook-secret"
              onCopy={() => setCopied(true)}
              className="block px-3 py-2.5 font-mono text-[13px] break-all text-slate-900 select-all"
            >
              {revealed.secret}
            </code>
          </div>

          <p className="text-sm text-slate-500">
            Store it with your endpoint&apos;s configuration (for example{" "}
            <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[12px] text-slate-700">
              SIGNALGATE_WEBHOOK_SECRET
            </code>
            ) and verify every request with it: see “Verify signatures” on the Webhooks page.
          </p>

          {warned && !copied ? (
            <p role="alert" className="text-sm font-medium text-red-600">
              You haven&apos;t copied the secret yet. Once this dialog closes, it is gone for good.
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/** Copy, then close: the safe way out of the warning. */
function CopyAndClose({ value, onDone }: { value: string; onDone: () => void }) {
  const [failed, setFailed] = useState(false);
  return (
    <Button
      onClick={() => {
        navigator.clipboard.writeText(value).then(onDone, () => setFailed(true));
      }}
    >
      {failed ? "Copy failed — select the secret" : "Copy and close"}
    </Button>
  );
}
