"use client";

import Link from "next/link";
import type { EmailDelivery } from "@/schemas/accounts";
import { CopyButton } from "../ui/copy-button";
import { emailOutcome } from "../account/email-delivery";

/** An invitation's link to copy, and whether an email went out with it. */
export function InvitationLinkPanel({
  email,
  url,
  delivery,
  fresh,
}: {
  email: string;
  url: string;
  delivery: EmailDelivery | undefined;
  /** A link made for copying: the emailed one no longer works. */
  fresh?: boolean;
}) {
  return (
    <div className="space-y-3 text-sm text-slate-600">
      {fresh ? (
        <p>
          A new link for <strong className="font-medium text-slate-900">{email}</strong>: send it yourself. Any link
          emailed before no longer works.
        </p>
      ) : delivery ? (
        <p data-testid="email-outcome">
          {emailOutcome(delivery, "the invitation", email)}
          {delivery === "devMail" ? (
            <>
              {" "}
              <Link href="/dev/mail" target="_blank" className="font-medium text-indigo-700 underline">
                Open /dev/mail
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <p>
        {delivery === "smtp" || fresh ? "You can also send the link yourself" : "Send this link yourself"}: it works
        once, for 7 days.
      </p>
      <div className="flex min-w-0 items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
        <code data-testid="invitation-link" className="min-w-0 flex-1 font-mono text-[12px] break-all text-slate-800">
          {url}
        </code>
        <CopyButton value={url} label="Copy invitation link" />
      </div>
    </div>
  );
}
