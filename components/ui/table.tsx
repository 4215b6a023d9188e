import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "./cn";

/** A bordered card holding a table that scrolls sideways on narrow screens. */
export function Table({ children, className, label }: { children: ReactNode; className?: string; label?: string }) {
  return (
    // `relative`: an absolutely placed screen-reader label in a cell is clipped here too, instead of
    // widening the page (a phone's page scrolled sideways by the Actions column's hidden label).
    <div className={cn("relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm", className)}>
      <table aria-label={label} className="min-w-full divide-y divide-slate-200 text-sm">
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return <thead className="bg-slate-50">{children}</thead>;
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100">{children}</tbody>;
}

export function TR({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn("hover:bg-slate-50/60", className)} {...rest} />;
}

export function TH({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn("px-4 py-2.5 text-left text-xs font-medium tracking-wide text-slate-500 uppercase", className)}
      {...rest}
    />
  );
}

export function TD({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("px-4 py-3 align-middle whitespace-nowrap text-slate-700", className)} {...rest} />;
}
