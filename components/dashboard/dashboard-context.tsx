"use client";

import { createContext, useContext, type ReactNode } from "react";
import { can, type Action, type Role } from "@/schemas/roles";

export interface DashboardOrganization {
  id: string;
  name: string;
  role: Role;
}

export interface DashboardContextValue {
  user: { id: string; email: string; name: string | null };
  /** The active organization (the sg_org cookie, checked on the server) and the viewer's role in it. */
  organization: { id: string; name: string };
  role: Role;
  organizations: DashboardOrganization[];
}

const Ctx = createContext<DashboardContextValue | null>(null);

export function DashboardProvider({ value, children }: { value: DashboardContextValue; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** Who is looking and at which organization; available anywhere under the dashboard layout. */
export function useDashboard(): DashboardContextValue {
  const value = useContext(Ctx);
  if (!value) throw new Error("useDashboard() is only available inside the dashboard layout");
  return value;
}

/**
 * Whether the viewer's role allows `action` — for hiding controls. The server refuses the same
 * actions on its own (roleProcedure), so this is about clarity, not security.
 */
export function useCan(action: Action): boolean {
  return can(useDashboard().role, action);
}
