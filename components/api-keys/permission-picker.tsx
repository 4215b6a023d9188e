"use client";

import { useEffect, useId, useRef } from "react";
import { PERMISSION_GROUPS, PERMISSIONS, type Permission } from "@/schemas/permissions";
import { cn } from "../ui/cn";

function GroupCheckbox({
  checked,
  indeterminate,
  onChange,
  label,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: (checked: boolean) => void;
  label: string;
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
      onChange={(e) => onChange(e.target.checked)}
      className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
    />
  );
}

/**
 * Least privilege, grouped by area: one checkbox per permission, a select-all per group, and a
 * shortcut for all of them. The API's own default (all nine when omitted) is never relied on here.
 */
export function PermissionPicker({
  value,
  onChange,
  error,
}: {
  value: readonly Permission[];
  onChange: (next: Permission[]) => void;
  error?: string | null;
}) {
  const id = useId();
  const selected = new Set(value);
  const all = selected.size === PERMISSIONS.length;

  // Keep the canonical order so the request (and the table) read the same every time.
  const set = (next: Set<Permission>) => onChange(PERMISSIONS.filter((p) => next.has(p)));
  const toggle = (permissions: Permission[], on: boolean) => {
    const next = new Set(selected);
    for (const p of permissions) {
      if (on) next.add(p);
      else next.delete(p);
    }
    set(next);
  };

  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`} className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <legend className="text-sm font-medium text-slate-700">Permissions</legend>
        <div className="flex items-center gap-3 text-xs">
          <span className="text-slate-500">
            {selected.size} of {PERMISSIONS.length} selected
          </span>
          <button
            type="button"
            onClick={() => set(all ? new Set() : new Set(PERMISSIONS))}
            className="font-medium text-indigo-600 hover:text-indigo-500"
          >
            {all ? "Clear all" : "Select all"}
          </button>
        </div>
      </div>
      <div
        className={cn(
          "divide-y divide-slate-100 rounded-lg ring-1 ring-inset",
          error ? "ring-red-300" : "ring-slate-200",
        )}
      >
        {PERMISSION_GROUPS.map((group) => {
          const values = group.permissions.map((p) => p.value);
          const count = values.filter((v) => selected.has(v)).length;
          return (
            <div key={group.area} className="grid gap-x-4 gap-y-1 px-3 py-2 sm:grid-cols-[11rem_1fr]">
              <label className="flex items-start gap-2.5 self-start py-1">
                <GroupCheckbox
                  label={`All of ${group.area}`}
                  checked={count === values.length}
                  indeterminate={count > 0 && count < values.length}
                  onChange={(on) => toggle(values, on)}
                />
                <span className="text-sm font-medium text-slate-900">{group.area}</span>
              </label>
              <div className="grid gap-x-2 pl-6.5 sm:grid-cols-2 sm:pl-0">
                {group.permissions.map((p) => (
                  <label key={p.value} className="flex items-start gap-2.5 rounded-md px-1 py-1 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      name="permissions"
                      value={p.value}
                      checked={selected.has(p.value)}
                      onChange={(e) => toggle([p.value], e.target.checked)}
                      className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
                    />
                    <span className="min-w-0">
                      <span className="block font-mono text-[13px] text-slate-800">{p.value}</span>
                      <span className="block text-xs leading-snug text-slate-500">{p.label}</span>
                    </span>
                  </label>
                ))}
              </div>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          Grant only what this key&apos;s server needs. You can change permissions later.
        </p>
      )}
    </fieldset>
  );
}
