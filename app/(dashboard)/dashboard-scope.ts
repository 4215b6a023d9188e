import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { parseEnvironment, ENVIRONMENT_COOKIE } from "@/components/dashboard/environment-cookie";
import { hasLiveKey } from "@/server/api-keys/has-live-key";
import { getCurrentUser } from "@/server/auth/next-auth";
import { getDb } from "@/server/db/client";
import { listMyOrganizations } from "@/server/orgs/list-my-organizations";
import { resolveActiveMembership } from "@/server/orgs/memberships";
import { ACTIVE_ORG_COOKIE } from "@/server/trpc/active-org-cookie";
import type { KeyEnvironment } from "@/schemas/api-keys";

/**
 * Who is signed in, their organizations, the active one (the sg_org cookie, checked) and the
 * environment switch's position (its cookie, else live once the organization has a live key).
 * Once per request: the layout and a page that prefetches share it.
 */
export const dashboardScope = cache(async () => {
  const user = await getCurrentUser();
  if (!user) return null;
  const db = getDb();
  const jar = await cookies();
  const [organizations, active] = await Promise.all([
    listMyOrganizations(db, user.id),
    resolveActiveMembership(db, user.id, jar.get(ACTIVE_ORG_COOKIE)?.value),
  ]);
  const environment: KeyEnvironment =
    parseEnvironment(jar.get(ENVIRONMENT_COOKIE)?.value) ??
    (active && (await hasLiveKey(db, active.organizationId)) ? "live" : "test");
  return { user, organizations, active, environment };
});
