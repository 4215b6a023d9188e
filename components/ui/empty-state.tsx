import type { ComponentType, ReactNode } from "react";
import { cn } from "./cn";

export interface EmptyStateProps {
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  title: string;
  children?: ReactNode;
  /** A call to action (only when the viewer can actually do it). */
  action?: ReactNode;
  className?: string;
}

/** What a list looks like before it has anything in it: what will appear here, and how to start. */
export function EmptyState({ icon: Icon, title, children, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center",
        className,
      )}
    >
      <div className="flex size-11 items-center justify-center rounded-full bg-slate-100">
        <Icon aria-hidden className="size-5 text-slate-500" />
      </div>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">{title}</h3>
      {children ? <div className="mt-1.5 max-w-md text-sm text-slate-500">{children}</div> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
