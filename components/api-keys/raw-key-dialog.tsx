"use client";

import { OneTimeSecretDialog } from "../ui/one-time-secret-dialog";
import { EnvironmentBadge } from "./environment";

export interface RevealedKey {
  kind: "created" | "regenerated";
  name: string;
  rawKey: string;
  environment: "live" | "test";
}

/** The one moment the full API key exists in the browser: after creation or regeneration. */
export function RawKeyDialog({ revealed, onClose }: { revealed: RevealedKey | null; onClose: () => void }) {
  return (
    <OneTimeSecretDialog
      secret={revealed?.rawKey ?? null}
      onClose={onClose}
      title={revealed?.kind === "regenerated" ? "New secret generated" : "API key created"}
      description={
        revealed ? (
          <span className="flex items-center gap-2">
            <span className="font-medium text-slate-700">{revealed.name}</span>
            <EnvironmentBadge environment={revealed.environment} />
          </span>
        ) : null
      }
      warning="Copy it now — you won't see it again."
      warningDetail={
        <>
          SignalGate keeps only a hash of this secret. If you lose it, regenerate the key.
          {revealed?.kind === "regenerated" ? " The previous secret has already stopped working." : null}
        </>
      }
      secretLabel="Secret key"
      copyLabel="Copy key"
      testId="raw-key"
      usage={
        <>
          Send it from your server in the{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[12px] text-slate-700">
            Authorization: Bearer {revealed?.rawKey.slice(0, 8)}…
          </code>{" "}
          header. Never put it in a browser or mobile app.
        </>
      }
      notCopiedAlert="You haven't copied the key yet. Once this dialog closes, the secret is gone for good."
      copyFailedLabel="Copy failed — select the key"
    />
  );
}
