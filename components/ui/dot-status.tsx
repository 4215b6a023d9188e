import type { ReactNode } from "react";
import { cn } from "./cn";

const TONES = {
  on: { text: "text-emerald-700", dot: "bg-emerald-500" },
  off: { text: "text-slate-500", dot: "bg-slate-400" },
  problem: { text: "text-red-700", dot: "bg-red-500" },
} as const;

export type DotStatusTone = keyof typeof TONES;

/** Whether a thing is working, as a coloured dot and a word: lighter than a badge, for table cells. */
export function DotStatus({ tone, children }: { tone: DotStatusTone; children: ReactNode }) {
  const t = TONES[tone];
  return (
    <span className={cn("inline-flex items-center gap-1.5 text-sm font-medium", t.text)}>
      <span aria-hidden className={cn("size-1.5 rounded-full", t.dot)} />
      {children}
    </span>
  );
}
