"use client";

import type { ReactNode } from "react";
import { Lock } from "lucide-react";
import { ROLE_LABELS, type Action } from "@/schemas/roles";
import { EmptyState } from "../ui/empty-state";
import { useCan, useDashboard } from "./dashboard-context";

/**
 * Shows the page only to roles allowed to `action`; others (who can still type the URL) get a
 * plain explanation. The data behind the page is refused by the server regardless.
 */
export function RequireAction({ action, children }: { action: Action; children: ReactNode }) {
  const allowed = useCan(action);
  const { role, organization } = useDashboard();
  if (allowed) return <>{children}</>;
  return (
    <EmptyState icon={Lock} title="You don't have access to this page" className="mt-8">
      Your role in {organization.name} is {ROLE_LABELS[role]}, which cannot see this. Ask an owner or admin if you need
      access.
    </EmptyState>
  );
}
