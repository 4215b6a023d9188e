"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Card, CardBody, CardHeader } from "../ui/card";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { useDashboard } from "../dashboard/dashboard-context";

/** The organization's "Require two-factor" switch: owners change it, everyone sees it. */
export function RequireTwoFactorSwitch({ ownEnabled }: { ownEnabled: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { organization } = useDashboard();
  const requirement = useQuery(trpc.twoFactor.requirement.queryOptions());
  const set = useMutation(
    trpc.twoFactor.setRequirement.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.requireMfa ? "Two-factor sign-in is now required" : "Two-factor sign-in is now optional");
        await queryClient.invalidateQueries({ queryKey: trpc.twoFactor.requirement.queryKey() });
      },
      onError: (e) => toastError(e),
    }),
  );
  if (!requirement.data) return null;
  const { canChange } = requirement.data;
  // Shown as asked while the change is saving; the answer (or a refusal's toast) settles it.
  const requireMfa = set.isPending ? set.variables.requireMfa : requirement.data.requireMfa;
  const blocked = canChange && !ownEnabled && !requireMfa;
  return (
    <Card>
      <CardHeader
        title={`Require two-factor for ${organization.name}`}
        description="Members without two-factor sign-in must set it up before they can use this organization, and scripts get 401 mfa_enrollment_required from /auth/token. API keys are unaffected."
      />
      <CardBody>
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            role="switch"
            aria-label="Require two-factor sign-in"
            checked={requireMfa}
            disabled={!canChange || blocked || set.isPending}
            onChange={(e) => set.mutate({ requireMfa: e.target.checked })}
            className="size-4 accent-indigo-600"
          />
          <span className="text-slate-800">{requireMfa ? "Required for every member" : "Optional"}</span>
        </label>
        {!canChange ? <p className="mt-2 text-xs text-slate-500">Only an owner can change this.</p> : null}
        {blocked ? <p className="mt-2 text-xs text-slate-500">Turn on two-factor for your own account first.</p> : null}
      </CardBody>
    </Card>
  );
}
