"use client";

import { useState } from "react";
import { Building2, Check, ChevronsUpDown, Plus } from "lucide-react";
import { ROLE_LABELS } from "@/schemas/roles";
import { Menu, MenuItem, MenuLabel, MenuSeparator } from "../ui/menu";
import { useDashboard } from "./dashboard-context";
import { NewOrganizationDialog } from "./new-organization-dialog";
import { useSwitchOrganization } from "./use-switch-organization";

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "");
  return letters.join("") || "?";
}

export function OrgSwitcher() {
  const { organization, role, organizations } = useDashboard();
  const switchOrg = useSwitchOrganization();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <Menu
        className="w-72"
        trigger={(props) => (
          <button
            type="button"
            {...props}
            aria-label={`Organization: ${organization.name}. Switch organization`}
            className="flex max-w-72 items-center gap-2.5 rounded-md py-1 pr-2 pl-1 text-left hover:bg-slate-100"
          >
            <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-slate-800 text-[11px] font-semibold text-white">
              {initials(organization.name)}
            </span>
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-slate-900">{organization.name}</span>
              <span className="block text-xs text-slate-500">{ROLE_LABELS[role]}</span>
            </span>
            <ChevronsUpDown aria-hidden className="ml-1 size-4 shrink-0 text-slate-400" />
          </button>
        )}
      >
        {(close) => (
          <>
            <MenuLabel>Organizations</MenuLabel>
            <div className="max-h-72 overflow-y-auto">
              {organizations.map((org) => {
                const current = org.id === organization.id;
                return (
                  <MenuItem
                    key={org.id}
                    disabled={switchOrg.isPending}
                    onSelect={() => {
                      close();
                      if (!current) switchOrg.mutate({ organizationId: org.id });
                    }}
                  >
                    <Building2 aria-hidden className="size-4 shrink-0 text-slate-400" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate">{org.name}</span>
                      <span className="block text-xs text-slate-500">{ROLE_LABELS[org.role]}</span>
                    </span>
                    {current ? <Check aria-label="Current organization" className="size-4 text-indigo-600" /> : null}
                  </MenuItem>
                );
              })}
            </div>
            <MenuSeparator />
            <MenuItem
              onSelect={() => {
                close();
                setCreating(true);
              }}
            >
              <Plus aria-hidden className="size-4 text-slate-400" />
              New organization
            </MenuItem>
          </>
        )}
      </Menu>
      <NewOrganizationDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
