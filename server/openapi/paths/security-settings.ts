import { securitySettingsSchema, securitySettingsUpdateInput } from "@/schemas/two-factor";
import { operation } from "../operation";
import type { PathModule } from "./types";

// contract §12. The same options as app/api/v1/developer/security-settings/route.ts pass to apiRoute().
export const securitySettingsPaths: PathModule = {
  tag: {
    name: "Security settings",
    description:
      "The organization's sign-in policy. With `requireMfa`, members without two-factor sign-in must enrol " +
      "before anything else in the dashboard, and `POST /api/v1/auth/token` answers them 401 " +
      "`mfa_enrollment_required`. API keys are unaffected.",
  },
  paths: {
    "/api/v1/developer/security-settings": {
      get: operation({
        auth: "jwt",
        operationId: "getSecuritySettings",
        summary: "Get the security settings",
        description: "Whether the organization requires two-factor sign-in of its members (default `false`).",
        success: { status: 200, description: "The settings.", schema: securitySettingsSchema },
      }),
      patch: operation({
        auth: "jwt",
        allow: "security.manage",
        body: securitySettingsUpdateInput,
        bodyExample: { requireMfa: true },
        operationId: "updateSecuritySettings",
        summary: "Require (or stop requiring) two-factor sign-in",
        description:
          "Owners only. Turning `requireMfa` on needs two-factor sign-in on the caller's own account first (400 " +
          "`invalid_request` otherwise), so nobody locks the organization with an account that could not pass. " +
          "Members already signed in keep their sessions; their next sign-in needs two-factor. A change is " +
          "recorded in the audit log (`twoFactor.requirementChanged`).",
        success: { status: 200, description: "The settings now.", schema: securitySettingsSchema },
      }),
    },
  },
};
