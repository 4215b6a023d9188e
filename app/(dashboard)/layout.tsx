import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { DashboardProvider } from "@/components/dashboard/dashboard-context";
import { EnvironmentProvider } from "@/components/dashboard/environment";
import { NoOrganization } from "@/components/dashboard/no-organization";
import { DashboardShell } from "@/components/dashboard/shell";
import { VerifyEmailBanner } from "@/components/account/verify-email-banner";
import { getDb } from "@/server/db/client";
import { emailDelivery } from "@/server/email/delivery-mode";
import { getEnv } from "@/server/env";
import { mustEnrol } from "@/server/two-factor/require-mfa";
import { TwoFactorForcedEnrolment } from "@/components/account/two-factor-forced";
import { dashboardScope } from "./dashboard-scope";

// Resolved on the server for every navigation, the same way the tRPC org procedure does, so the
// shell, the navigation and the API always agree on the organization and the role.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const scope = await dashboardScope();
  if (!scope) redirect("/sign-in");
  const { user, organizations, active, environment } = scope;
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
      {(await mustEnrol(getDb(), user.id, active.organizationId)) ? (
        <TwoFactorForcedEnrolment organizationName={active.organizationName} email={user.email} />
      ) : (
        <EnvironmentProvider initial={environment}>
          <DashboardShell>
            {/* Only while verification matters: REQUIRE_EMAIL_VERIFICATION (live keys need it). */}
            {user.emailVerified || !getEnv().REQUIRE_EMAIL_VERIFICATION ? null : (
              <VerifyEmailBanner email={user.email} delivery={emailDelivery()} />
            )}
            {children}
          </DashboardShell>
        </EnvironmentProvider>
      )}
    </DashboardProvider>
  );
}
