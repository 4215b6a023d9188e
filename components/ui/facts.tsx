import type { CSSProperties, ReactNode } from "react";
import { CopyButton } from "./copy-button";

/** The small uppercase heading over a section of a detail panel. */
export function SectionTitle({ children }: { children: ReactNode }) {
  return <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{children}</h3>;
}

/**
 * A titled list of label–value rows (a <dl>), for the facts of one record. `labelWidth` fits the
 * panel's longest label, so every value starts in the same column.
 */
export function FactList({
  title,
  labelWidth = "7.5rem",
  children,
}: {
  title: string;
  labelWidth?: string;
  children: ReactNode;
}) {
  return (
    <section>
      <SectionTitle>{title}</SectionTitle>
      <dl
        style={{ "--fact-label-width": labelWidth } as CSSProperties}
        className="divide-y divide-slate-100 border-y border-slate-100"
      >
        {children}
      </dl>
    </section>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-h-10 grid-cols-[var(--fact-label-width)_minmax(0,1fr)] items-center gap-3 py-1.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** A monospaced id that may be long: truncated with the whole value in the title, plus copy. */
export function CopyableId({ value }: { value: string }) {
  return (
    <span className="flex min-w-0 items-center gap-1">
      <code className="truncate font-mono text-[13px] text-slate-700" title={value}>
        {value}
      </code>
      <CopyButton value={value} label="Copy" className="shrink-0" />
    </span>
  );
}
