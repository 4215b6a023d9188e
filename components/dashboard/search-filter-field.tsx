"use client";

import type { InputHTMLAttributes, ReactNode } from "react";
import { Search } from "lucide-react";
import { Input } from "../ui/input";
import { cn } from "../ui/cn";
import { FilterField } from "./filter-controls";

/**
 * A filter bar's search box: label above, a search icon, and the filter's error under it (out of
 * the bar's flow by default, so a message never pushes the other filters around; one line of it fits
 * in the bar's bottom margin, FilterBar's mb-5). The state comes
 * from useDebouncedFilter.
 */
export function SearchFilterField({
  id,
  label,
  className,
  text,
  onText,
  error = null,
  errorClassName = "absolute top-full mt-0.5 leading-4 whitespace-nowrap",
  mono = false,
  children,
  ...input
}: {
  id: string;
  label: string;
  /** The width goes here. */
  className?: string;
  text: string;
  onText: (text: string) => void;
  error?: string | null;
  /** Where the error sits (e.g. in the flow on a phone, where the box is full width). */
  errorClassName?: string;
  /** Ids and numbers: monospaced. */
  mono?: boolean;
  /** Rendered beside the input (a datalist). */
  children?: ReactNode;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "placeholder" | "title" | "inputMode" | "list">) {
  return (
    <FilterField label={label} htmlFor={id} className={className}>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-400" />
        <Input
          id={id}
          type="search"
          autoComplete="off"
          spellCheck={false}
          value={text}
          invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onText(e.target.value)}
          className={cn("pl-8", mono && "font-mono text-[13px]")}
          {...input}
        />
        {children}
        {error ? (
          <p id={`${id}-error`} className={cn("text-xs text-red-600", errorClassName)}>
            {error}
          </p>
        ) : null}
      </div>
    </FilterField>
  );
}
