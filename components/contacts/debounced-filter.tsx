"use client";

import type { ReactNode } from "react";
import { SearchFilterField } from "../dashboard/search-filter-field";
import { useDebouncedFilter } from "../dashboard/use-debounced-filter";

/** A free-text filter applied 400 ms after typing stops. */
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
  const { text, setText } = useDebouncedFilter(value, onChange);
  return (
    <SearchFilterField
      id={id}
      label={label}
      className={width}
      text={text}
      onText={(t) => {
        setText(t);
        onType?.(t.trim());
      }}
      placeholder={placeholder}
      list={list}
    >
      {children}
    </SearchFilterField>
  );
}
