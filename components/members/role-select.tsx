"use client";

import { ROLE_LABELS, ROLES, type Role } from "@/schemas/roles";
import { Field, Select } from "../ui/input";
import { ROLE_DESCRIPTIONS } from "./role-descriptions";

/** A role picker that explains the chosen role; admins are not offered the owner role. */
export function RoleSelect({
  value,
  onChange,
  actorRole,
  error,
}: {
  value: Role;
  onChange: (role: Role) => void;
  actorRole: Role;
  error?: string;
}) {
  const options = ROLES.filter((r) => r !== "owner" || actorRole === "owner");
  return (
    <Field label="Role" hint={ROLE_DESCRIPTIONS[value]} error={error}>
      {(p) => (
        <Select {...p} name="role" value={value} onChange={(e) => onChange(e.target.value as Role)}>
          {options.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
