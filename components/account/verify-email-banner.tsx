"use client";

import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { MailWarning } from "lucide-react";
import { toast } from "sonner";
import type { EmailDelivery } from "@/schemas/accounts";
import { Button } from "../ui/button";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { emailOutcome, useEmailSetup } from "./email-delivery";

/**
 * Shown while this server requires verified addresses (REQUIRE_EMAIL_VERIFICATION, contract §14)
 * and the signed-in person's is not. The layout decides on first render; afterwards the banner
 * follows account.emailSetup, which refetches when the window regains focus, so verifying in
 * another tab makes it go away without a reload. It says plainly when no email can be sent.
 */
export function VerifyEmailBanner({ email, delivery: initialDelivery }: { email: string; delivery: EmailDelivery }) {
  const trpc = useTRPC();
  const setup = useEmailSetup();
  const delivery = setup?.delivery ?? initialDelivery;
  const resend = useMutation(
    trpc.account.resendVerification.mutationOptions({
      onSuccess: () => toast.success(emailOutcome(delivery, "a new verification email", email)),
      onError: (error) => toastError(error),
    }),
  );
  if (setup && (setup.emailVerified || !setup.verificationRequired)) return null;
  return (
    <div
      role="region"
      aria-label="Email verification"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <MailWarning aria-hidden className="size-5 shrink-0 text-amber-700" />
      <p className="min-w-0 flex-1">
        {delivery === "smtp" ? (
          <>
            Verify your email address: we sent a link to <strong className="font-medium">{email}</strong>.
          </>
        ) : delivery === "devMail" ? (
          <>
            Verify your email address. No email was sent (this server has no SMTP set up): the link is at{" "}
            <Link href="/dev/mail" className="font-medium underline">
              /dev/mail
            </Link>
            .
          </>
        ) : (
          <>
            Your email address is not verified, and this server cannot send the link (no SMTP_URL is set). Live API keys
            need a verified address: ask whoever runs SignalGate to set up email.
          </>
        )}
      </p>
      {delivery === "logOnly" ? null : (
        <Button size="sm" variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
          Resend email
        </Button>
      )}
    </div>
  );
}
