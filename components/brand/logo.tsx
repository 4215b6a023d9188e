import { cn } from "../ui/cn";

/** The SignalGate mark (a gate with a signal passing through) and word mark. */
export function Logo({ className, withText = true }: { className?: string; withText?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <svg viewBox="0 0 28 28" aria-hidden className="size-7 shrink-0">
        <rect width="28" height="28" rx="7" className="fill-indigo-600" />
        <path
          d="M8 20V9.5a2.5 2.5 0 0 1 5 0V20M15 20V9.5a2.5 2.5 0 0 1 5 0V20"
          className="fill-none stroke-white"
          strokeWidth="2"
          strokeLinecap="round"
        />
        <circle cx="14" cy="14.5" r="1.8" className="fill-indigo-200" />
      </svg>
      {withText ? <span className="text-[15px] font-semibold tracking-tight text-slate-900">SignalGate</span> : null}
    </span>
  );
}
