"use client";

import { useMutation } from "@tanstack/react-query";
import { MailWarning } from "lucide-react";
import { toast } from "sonner";
import { Button } from "../ui/button";
import { useTRPC } from "../trpc/client";
import { errorMessage } from "../trpc/errors";

/** Shown on every dashboard page until the address is verified (contract §14). */
export function VerifyEmailBanner({ email }: { email: string }) {
  const trpc = useTRPC();
  const resend = useMutation(
    trpc.account.resendVerification.mutationOptions({
      onSuccess: () => toast.success(`Verification email sent to ${email}`),
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  return (
    <div
      role="region"
      aria-label="Email verification"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <MailWarning aria-hidden className="size-5 shrink-0 text-amber-700" />
      <p className="min-w-0 flex-1">
        Verify your email address: we sent a link to <strong className="font-medium">{email}</strong>.
      </p>
      <Button size="sm" variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
        Resend email
      </Button>
    </div>
  );
}
