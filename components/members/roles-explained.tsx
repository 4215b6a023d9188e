import { ROLES } from "@/schemas/roles";
import { RoleBadge } from "../dashboard/role-badge";
import { ROLE_DESCRIPTIONS } from "./role-descriptions";

export function RolesExplained() {
  return (
    <section aria-labelledby="roles-heading" className="mt-10">
      <h2 id="roles-heading" className="text-sm font-semibold text-slate-900">
        Roles
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {ROLES.map((role) => (
          <div key={role} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
            <dt>
              <RoleBadge role={role} />
            </dt>
            <dd className="mt-1.5 text-sm text-slate-600">{ROLE_DESCRIPTIONS[role]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
