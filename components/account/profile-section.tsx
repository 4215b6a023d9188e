"use client";

import type { FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Field, Input } from "../ui/input";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { fieldErrors } from "../trpc/errors";
import { ErrorText, toastError } from "../trpc/error-notice";
import { DELIVERY_SUMMARY, emailOutcome, useEmailSetup } from "./email-delivery";

export function ProfileSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const profile = useQuery(trpc.account.profile.queryOptions());
  const setup = useEmailSetup();

  const save = useMutation(
    trpc.account.updateProfile.mutationOptions({
      onSuccess: async () => {
        toast.success("Profile saved");
        await queryClient.invalidateQueries({ queryKey: trpc.account.profile.queryKey() });
        router.refresh();
      },
    }),
  );
  const resend = useMutation(
    trpc.account.resendVerification.mutationOptions({
      onSuccess: () =>
        toast.success(
          setup ? emailOutcome(setup.delivery, "a new verification email", profile.data?.email ?? "you") : "Done",
        ),
      onError: (error) => toastError(error),
    }),
  );
  return (
    <Card>
      <CardHeader title="Profile" description="How you appear to the other members of your organizations." />
      <CardBody>
        {profile.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : profile.isError ? (
          <ErrorText error={profile.error} className="text-sm text-red-700" />
        ) : (
          <form
            onSubmit={(e: FormEvent<HTMLFormElement>) => {
              e.preventDefault();
              save.mutate({ name: String(new FormData(e.currentTarget).get("name") ?? "") });
            }}
            noValidate
            className="space-y-4"
          >
            <div>
              <p className="text-sm font-medium text-slate-700">Email</p>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-900">
                <span>{profile.data.email}</span>
                {profile.data.emailVerified ? (
                  <Badge tone="green">Verified</Badge>
                ) : (
                  <>
                    <Badge tone="amber">Not verified</Badge>
                    {setup?.delivery === "logOnly" ? null : (
                      <Button size="sm" variant="ghost" loading={resend.isPending} onClick={() => resend.mutate()}>
                        Resend verification email
                      </Button>
                    )}
                  </>
                )}
              </div>
            </div>
            <div>
              <p className="text-sm font-medium text-slate-700">Email from this server</p>
              {setup ? (
                <p
                  className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600"
                  data-testid="email-delivery"
                >
                  <Badge tone={setup.delivery === "smtp" ? "green" : "amber"}>
                    {setup.delivery === "smtp" ? "Configured" : "Not configured"}
                  </Badge>
                  <span>{DELIVERY_SUMMARY[setup.delivery]}</span>
                </p>
              ) : (
                <Skeleton className="mt-1 h-5 w-72" />
              )}
            </div>
            <Field label="Name" error={fieldErrors(save.error).name}>
              {(p) => <Input {...p} name="name" autoComplete="name" defaultValue={profile.data.name ?? ""} />}
            </Field>
            {save.error && Object.keys(fieldErrors(save.error)).length === 0 ? (
              <ErrorText error={save.error} className="text-sm text-red-700" />
            ) : null}
            <Button type="submit" loading={save.isPending}>
              Save profile
            </Button>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
