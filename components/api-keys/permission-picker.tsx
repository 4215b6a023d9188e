"use client";

import { PERMISSION_GROUPS, PERMISSIONS, type Permission } from "@/schemas/permissions";
import { CheckboxGroup, CheckboxGroupsField, CheckboxOption } from "../ui/checkbox-groups";

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
    <CheckboxGroupsField
      legend="Permissions"
      summary={
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
      }
      error={error}
      hint={
        <>
          A new key starts with all nine, as the API gives a key created without a list. Keep only what this key&apos;s
          server needs; you can change permissions later.
        </>
      }
    >
      {PERMISSION_GROUPS.map((group) => {
        const values = group.permissions.map((p) => p.value);
        return (
          <CheckboxGroup
            key={group.area}
            label={group.area}
            groupLabel={`All of ${group.area}`}
            chosen={values.filter((v) => selected.has(v)).length}
            total={values.length}
            onToggle={(on) => toggle(values, on)}
            columns="sm:grid-cols-[11rem_1fr]"
          >
            {group.permissions.map((p) => (
              <CheckboxOption
                key={p.value}
                name="permissions"
                value={p.value}
                checked={selected.has(p.value)}
                onChange={(on) => toggle([p.value], on)}
                description={p.label}
              />
            ))}
          </CheckboxGroup>
        );
      })}
    </CheckboxGroupsField>
  );
}
