import { Check, Eye, Minus } from "lucide-react";
import { can, ROLE_LABELS, ROLES, type Role } from "@/schemas/roles";
import { RoleBadge } from "../dashboard/role-badge";
import { ROLE_DESCRIPTIONS } from "./role-descriptions";
import { ROLE_TABLE, type RoleTableRow } from "./role-table";

type Cell = "manage" | "view" | "yes" | "no";

function cellOf(row: RoleTableRow, role: Role): Cell {
  if (row.allow) return can(role, row.allow) ? "yes" : "no";
  if (row.manage && can(role, row.manage)) return "manage";
  return row.read && can(role, row.read) ? "view" : "no";
}

const CELL_TEXT: Record<Cell, string> = { manage: "Manage", view: "View", yes: "Yes", no: "No" };

function CellMark({ cell }: { cell: Cell }) {
  const Icon = cell === "no" ? Minus : cell === "view" ? Eye : Check;
  const tone = cell === "no" ? "text-slate-300" : cell === "view" ? "text-slate-500" : "text-emerald-600";
  return (
    <>
      <Icon aria-hidden className={`mx-auto size-4 ${tone}`} />
      <span className="sr-only">{CELL_TEXT[cell]}</span>
    </>
  );
}

/** What each role may do: a short description per role, then the table the server enforces. */
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
      <p className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-500">
        <span className="inline-flex items-center gap-1">
          <Check aria-hidden className="size-3.5 text-emerald-600" /> manage, or allowed
        </span>
        <span className="inline-flex items-center gap-1">
          <Eye aria-hidden className="size-3.5 text-slate-500" /> view only
        </span>
        <span className="inline-flex items-center gap-1">
          <Minus aria-hidden className="size-3.5 text-slate-300" /> no access
        </span>
      </p>
      <div className="relative mt-2 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
        <table aria-label="What each role can do" className="w-full table-fixed text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2 text-left text-xs font-medium text-slate-500 sm:px-4">
                Area
              </th>
              {ROLES.map((role) => (
                <th
                  key={role}
                  scope="col"
                  className="w-14 px-0.5 py-2 text-center text-xs font-medium text-slate-700 sm:w-28"
                >
                  {ROLE_LABELS[role]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {ROLE_TABLE.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="px-3 py-2 text-left text-[13px] font-normal text-slate-700 sm:px-4">
                  {row.label}
                </th>
                {ROLES.map((role) => {
                  const cell = cellOf(row, role);
                  return (
                    <td key={role} className="px-0.5 py-2 text-center" data-role={role} data-cell={cell}>
                      <CellMark cell={cell} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
