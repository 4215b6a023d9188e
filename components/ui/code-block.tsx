import { CopyButton } from "./copy-button";
import { cn } from "./cn";

/** Monospaced, scrollable, with a copy button: for curl commands and snippets. */
export function CodeBlock({ code, label, className }: { code: string; label?: string; className?: string }) {
  return (
    <div className={cn("overflow-hidden rounded-lg bg-slate-900 ring-1 ring-slate-900/10", className)}>
      <div className="flex items-center justify-between border-b border-white/10 px-3 py-1.5">
        <span className="text-xs font-medium text-slate-400">{label ?? "Shell"}</span>
        <CopyButton value={code} className="text-slate-400 hover:bg-white/10 hover:text-white" />
      </div>
      <pre className="overflow-x-auto px-4 py-3 font-mono text-[13px] leading-relaxed text-slate-100">
        <code>{code}</code>
      </pre>
    </div>
  );
}
