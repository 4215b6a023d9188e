"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "../ui/badge";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { ErrorText } from "../trpc/error-notice";

/** The Account page's two-factor card: the state at a glance; enrolment lives on its own page. */
export function TwoFactorSection() {
  const trpc = useTRPC();
  const status = useQuery(trpc.twoFactor.status.queryOptions());
  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            Two-factor sign-in
            {status.data ? status.data.enabled ? <Badge tone="green">On</Badge> : <Badge tone="gray">Off</Badge> : null}
          </span>
        }
        description="A code from an authenticator app on top of your password."
      />
      <CardBody>
        {status.isPending ? (
          <Skeleton className="h-6 w-64" />
        ) : status.isError ? (
          <ErrorText error={status.error} className="text-sm text-red-600" />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-600">
            <span>
              {status.data.enabled
                ? `${status.data.recoveryCodesRemaining} of 10 recovery codes left.`
                : status.data.requiredByOrganization
                  ? "Your organization requires it."
                  : "Anyone who learns your password can use your account."}
            </span>
            <Link href="/dashboard/account/two-factor" className="font-medium text-indigo-600 hover:text-indigo-500">
              {status.data.enabled ? "Manage two-factor sign-in" : "Set up two-factor sign-in"}
            </Link>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
