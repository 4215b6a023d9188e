"use client";

import { TriangleAlert } from "lucide-react";
import { CopyButton } from "../ui/copy-button";

/** The 10 recovery codes, shown once after enrolment or regeneration. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3" data-testid="recovery-codes">
      <div className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
        <p>
          Save these recovery codes somewhere safe now: they are shown only this once. Each signs you in once if you
          lose your phone.
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md bg-slate-50 px-4 py-3 font-mono text-sm text-slate-800">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <CopyButton value={codes.join("\n")} label="Copy codes" />
    </div>
  );
}
