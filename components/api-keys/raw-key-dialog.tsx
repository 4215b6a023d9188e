"use client";

import { useState } from "react";
import { TriangleAlert } from "lucide-react";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { Dialog } from "../ui/dialog";
import { EnvironmentBadge } from "./environment";

export interface RevealedKey {
  kind: "created" | "regenerated";
  name: string;
  rawKey: string;
  environment: "live" | "test";
}

/**
 * The one moment the full secret exists in the browser. Closing it by accident (Escape, a click
 * outside, the X) before the key was copied only warns; a second, deliberate close dismisses it.
 */
export function RawKeyDialog({ revealed, onClose }: { revealed: RevealedKey | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const [warned, setWarned] = useState(false);
  const [forKey, setForKey] = useState(revealed?.rawKey);
  if (revealed && revealed.rawKey !== forKey) {
    setForKey(revealed.rawKey);
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
      title={revealed?.kind === "regenerated" ? "New secret generated" : "API key created"}
      description={
        revealed ? (
          <span className="flex items-center gap-2">
            <span className="font-medium text-slate-700">{revealed.name}</span>
            <EnvironmentBadge environment={revealed.environment} />
          </span>
        ) : null
      }
      footer={
        warned && !copied ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Close without copying
            </Button>
            <CopyAndClose value={revealed?.rawKey ?? ""} onDone={onClose} />
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
              <p className="font-medium">Copy it now — you won&apos;t see it again.</p>
              <p className="mt-0.5 text-amber-800">
                SignalGate keeps only a hash of this secret. If you lose it, regenerate the key.
                {revealed.kind === "regenerated" ? " The previous secret has already stopped working." : null}
              </p>
            </div>
          </div>

          <div className="overflow-hidden rounded-lg bg-slate-50 ring-1 ring-slate-200 ring-inset">
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-1.5 pr-1.5 pl-3">
              <span className="text-xs font-medium text-slate-500">Secret key</span>
              <span onClickCapture={() => setCopied(true)}>
                <CopyButton
                  value={revealed.rawKey}
                  label="Copy key"
                  className="bg-white text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset"
                />
              </span>
            </div>
            <code
              data-testid="raw-key"
              onCopy={() => setCopied(true)}
              className="block px-3 py-2.5 font-mono text-[13px] break-all text-slate-900 select-all"
            >
              {revealed.rawKey}
            </code>
          </div>

          <p className="text-sm text-slate-500">
            Send it from your server in the{" "}
            <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[12px] text-slate-700">
              Authorization: Bearer {revealed.rawKey.slice(0, 8)}…
            </code>{" "}
            header. Never put it in a browser or mobile app.
          </p>

          {warned && !copied ? (
            <p role="alert" className="text-sm font-medium text-red-600">
              You haven&apos;t copied the key yet. Once this dialog closes, the secret is gone for good.
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
      {failed ? "Copy failed — select the key" : "Copy and close"}
    </Button>
  );
}
