"use client";

import { useEffect, useState, type ReactNode } from "react";
import { Search } from "lucide-react";
import { Input } from "../ui/input";
import { FilterField } from "../dashboard/filter-controls";

/** A text filter applied 400 ms after typing stops. */
export function DebouncedFilter({
  id,
  label,
  value,
  placeholder,
  onChange,
  width,
  list,
  onType,
  children,
}: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  onChange: (v: string) => void;
  width: string;
  /** A datalist's id: suggestions while typing (the tag picker). */
  list?: string;
  /** Every keystroke's text (the tag picker's suggestions follow it without waiting). */
  onType?: (text: string) => void;
  /** Rendered beside the input (the datalist). */
  children?: ReactNode;
}) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onChange(text.trim()), 400);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <FilterField label={label} htmlFor={id} className={width}>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-400" />
        <Input
          id={id}
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            onType?.(e.target.value.trim());
          }}
          className="pl-8"
          list={list}
        />
        {children}
      </div>
    </FilterField>
  );
}
