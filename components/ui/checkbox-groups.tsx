"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "./cn";

/** The kit's checkbox look (native, in the accent colour). */
export const CHECKBOX = "mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600 disabled:opacity-60";

/**
 * A multiple choice in groups (a <fieldset>): the legend with `summary` beside it (how many are
 * chosen, shortcuts), the groups in a bordered box, then the error or else the hint.
 */
export function CheckboxGroupsField({
  legend,
  summary,
  error,
  hint,
  children,
}: {
  legend: string;
  summary: ReactNode;
  error?: string | null;
  hint: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`} className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <legend className="text-sm font-medium text-slate-700">{legend}</legend>
        {summary}
      </div>
      <div
        className={cn(
          "divide-y divide-slate-100 rounded-lg ring-1 ring-inset",
          error ? "ring-red-300" : "ring-slate-200",
        )}
      >
        {children}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </fieldset>
  );
}

/**
 * One group: a checkbox for all of it (mixed while some are chosen) beside its name, then its
 * options in two columns. `columns` sizes the name column to the longest group name.
 */
export function CheckboxGroup({
  label,
  groupLabel,
  chosen,
  total,
  disabled = false,
  onToggle,
  columns,
  children,
}: {
  label: string;
  /** The select-all checkbox's accessible name: "All Messages events". */
  groupLabel: string;
  /** How many of the group's `total` options are chosen. */
  chosen: number;
  total: number;
  disabled?: boolean;
  onToggle: (on: boolean) => void;
  /** Tailwind grid columns from the sm breakpoint up, such as sm:grid-cols-[8rem_1fr]. */
  columns: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid gap-x-4 gap-y-1 px-3 py-2", columns)}>
      <label className="flex items-start gap-2.5 self-start py-1">
        <GroupCheckbox
          label={groupLabel}
          checked={chosen === total}
          indeterminate={chosen > 0 && chosen < total}
          disabled={disabled}
          onChange={onToggle}
        />
        <span className={cn("text-sm font-medium", disabled ? "text-slate-500" : "text-slate-900")}>{label}</span>
      </label>
      <div className="grid gap-x-2 pl-6.5 sm:grid-cols-2 sm:pl-0">{children}</div>
    </div>
  );
}

function GroupCheckbox({
  label,
  checked,
  indeterminate,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  // `indeterminate` exists only as a DOM property.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
      className={CHECKBOX}
    />
  );
}

/** One option of a group: its checkbox, its identifier in monospace and what it means under it. */
export function CheckboxOption({
  name,
  value,
  checked,
  disabled = false,
  onChange,
  description,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  description: ReactNode;
}) {
  return (
    <label className={cn("flex items-start gap-2.5 rounded-md px-1 py-1", !disabled && "hover:bg-slate-50")}>
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className={CHECKBOX}
      />
      <span className="min-w-0">
        <span className="block font-mono text-[13px] text-slate-800">{value}</span>
        <span className="block text-xs leading-snug text-slate-500">{description}</span>
      </span>
    </label>
  );
}
