"use client";

import { useState, type ReactNode } from "react";
import { TriangleAlert } from "lucide-react";
import { Button } from "./button";
import { CopyButton } from "./copy-button";
import { Dialog } from "./dialog";

export interface OneTimeSecretDialogProps {
  /** The secret to show; null while closed. A different secret starts over (not copied, not warned). */
  secret: string | null;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** The amber callout: its first line, then why the secret matters. */
  warning: ReactNode;
  warningDetail: ReactNode;
  /** Names the secret in its box ("Signing secret") and on its copy button ("Copy secret"). */
  secretLabel: string;
  copyLabel: string;
  testId: string;
  /** How to use the secret, under its box. */
  usage: ReactNode;
  /** Said when a close was refused because nothing was copied yet. */
  notCopiedAlert: string;
  /** The copy-and-close button's text when the clipboard refuses. */
  copyFailedLabel: string;
}

/**
 * The one moment a secret is shown. Closing it by accident (Escape, a click outside, the X) before
 * the secret was copied only warns; a second, deliberate close dismisses it.
 */
export function OneTimeSecretDialog({
  secret,
  onClose,
  title,
  description,
  warning,
  warningDetail,
  secretLabel,
  copyLabel,
  testId,
  usage,
  notCopiedAlert,
  copyFailedLabel,
}: OneTimeSecretDialogProps) {
  const [copied, setCopied] = useState(false);
  const [warned, setWarned] = useState(false);
  const [forSecret, setForSecret] = useState(secret);
  if (secret !== null && secret !== forSecret) {
    setForSecret(secret);
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
      open={secret !== null}
      onOpenChange={(open) => (open ? undefined : requestClose())}
      title={title}
      description={description}
      footer={
        warned && !copied ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Close without copying
            </Button>
            <CopyAndClose value={secret ?? ""} onDone={onClose} failedLabel={copyFailedLabel} />
          </>
        ) : (
          <Button onClick={requestClose}>Done</Button>
        )
      }
    >
      {secret !== null ? (
        <div className="space-y-4">
          <div className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
            <div className="text-sm text-amber-900">
              <p className="font-medium">{warning}</p>
              <p className="mt-0.5 text-amber-800">{warningDetail}</p>
            </div>
          </div>

          <div className="overflow-hidden rounded-lg bg-slate-50 ring-1 ring-slate-200 ring-inset">
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-1.5 pr-1.5 pl-3">
              <span className="text-xs font-medium text-slate-500">{secretLabel}</span>
              <span onClickCapture={() => setCopied(true)}>
                <CopyButton
                  value={secret}
                  label={copyLabel}
                  className="bg-white text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset"
                />
              </span>
            </div>
            <code
              data-testid={testId}
              onCopy={() => setCopied(true)}
              className="block px-3 py-2.5 font-mono text-[13px] break-all text-slate-900 select-all"
            >
              {secret}
            </code>
          </div>

          <p className="text-sm text-slate-500">{usage}</p>

          {warned && !copied ? (
            <p role="alert" className="text-sm font-medium text-red-600">
              {notCopiedAlert}
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/** Copy, then close: the safe way out of the warning. */
function CopyAndClose({ value, onDone, failedLabel }: { value: string; onDone: () => void; failedLabel: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <Button
      onClick={() => {
        navigator.clipboard.writeText(value).then(onDone, () => setFailed(true));
      }}
    >
      {failed ? failedLabel : "Copy and close"}
    </Button>
  );
}
