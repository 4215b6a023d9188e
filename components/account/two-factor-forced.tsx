"use client";

import { useRouter } from "next/navigation";
import { ShieldAlert } from "lucide-react";
import { signOutAction } from "@/server/actions/auth-actions";
import { Button } from "../ui/button";
import { Card, CardBody } from "../ui/card";
import { TwoFactorEnrol } from "./two-factor-enrol";

/**
 * Shown instead of every dashboard page when the organization requires two-factor sign-in and the
 * member has not set it up (contract §12): enrol first, then the dashboard opens.
 */
export function TwoFactorForcedEnrolment({ organizationName, email }: { organizationName: string; email: string }) {
  const router = useRouter();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-testid="forced-enrolment">
      <div className="mb-8 flex items-center justify-between gap-3 text-sm text-slate-500">
        <span>
          Signed in as <span className="font-medium text-slate-700">{email}</span>
        </span>
        <form action={signOutAction}>
          <Button type="submit" variant="ghost" size="sm">
            Sign out
          </Button>
        </form>
      </div>
      <div className="mb-6 flex items-start gap-3">
        <ShieldAlert aria-hidden className="mt-1 size-6 shrink-0 text-indigo-600" />
        <div>
          <h1 className="text-xl font-semibold text-slate-900">Set up two-factor sign-in to continue</h1>
          <p className="mt-1 text-sm text-slate-600">
            {organizationName} requires two-factor sign-in for every member. It takes a minute: you need an
            authenticator app on your phone.
          </p>
        </div>
      </div>
      <Card>
        <CardBody>
          <TwoFactorEnrol onDone={() => router.refresh()} />
        </CardBody>
      </Card>
    </div>
  );
}
