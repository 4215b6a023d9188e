import type { ReactNode } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { DashboardProvider } from "@/components/dashboard/dashboard-context";
import { NoOrganization } from "@/components/dashboard/no-organization";
import { DashboardShell } from "@/components/dashboard/shell";
import { VerifyEmailBanner } from "@/components/account/verify-email-banner";
import { getCurrentUser } from "@/server/auth/next-auth";
import { getDb } from "@/server/db/client";
import { emailDelivery } from "@/server/email/delivery-mode";
import { getEnv } from "@/server/env";
import { listMyOrganizations } from "@/server/orgs/list-my-organizations";
import { resolveActiveMembership } from "@/server/orgs/memberships";
import { ACTIVE_ORG_COOKIE } from "@/server/trpc/active-org-cookie";
import { mustEnrol } from "@/server/two-factor/require-mfa";
import { TwoFactorForcedEnrolment } from "@/components/account/two-factor-forced";

// Resolved on the server for every navigation, the same way the tRPC org procedure does, so the
// shell, the navigation and the API always agree on the organization and the role.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  if (!user) redirect("/sign-in");

  const db = getDb();
  const preferred = (await cookies()).get(ACTIVE_ORG_COOKIE)?.value;
  const [organizations, active] = await Promise.all([
    listMyOrganizations(db, user.id),
    resolveActiveMembership(db, user.id, preferred),
  ]);
  if (!active) return <NoOrganization email={user.email} />;

  return (
    <DashboardProvider
      value={{
        user,
        organization: { id: active.organizationId, name: active.organizationName },
        role: active.role,
        organizations: organizations.map(({ id, name, role }) => ({ id, name, role })),
      }}
    >
      {/* contract §12: nothing else, not even the navigation, until a required second factor is set up. */}
      {(await mustEnrol(db, user.id, active.organizationId)) ? (
        <TwoFactorForcedEnrolment organizationName={active.organizationName} email={user.email} />
      ) : (
        <DashboardShell>
          {/* Only while verification matters: REQUIRE_EMAIL_VERIFICATION (live keys need it). */}
          {user.emailVerified || !getEnv().REQUIRE_EMAIL_VERIFICATION ? null : (
            <VerifyEmailBanner email={user.email} delivery={emailDelivery()} />
          )}
          {children}
        </DashboardShell>
      )}
    </DashboardProvider>
  );
}
