"use client";

import { useQuery } from "@tanstack/react-query";
import type { EmailDelivery } from "@/schemas/accounts";
import { useTRPC } from "../trpc/client";

/** This server's email set-up (account.emailSetup); undefined while loading. */
export function useEmailSetup() {
  const trpc = useTRPC();
  return useQuery(trpc.account.emailSetup.queryOptions(undefined, { staleTime: 60_000 })).data;
}

/**
 * What happened to an email the server just "sent", in plain words (issue 39): only with SMTP was
 * anything sent. `what` names the email ("the invitation", "the verification email").
 */
export function emailOutcome(delivery: EmailDelivery, what: string, to: string): string {
  if (delivery === "smtp") return `We emailed ${what} to ${to}.`;
  if (delivery === "devMail") {
    return `No email was sent: this server has no SMTP set up (SMTP_URL). ${capitalize(what)} is at /dev/mail, the development inbox.`;
  }
  return `No email was sent: this server has no SMTP set up (SMTP_URL), so nothing reaches ${to}.`;
}

/** The Account page's one line on this server's email. */
export const DELIVERY_SUMMARY: Record<EmailDelivery, string> = {
  smtp: "Invitations, password resets and verification links go out by email (SMTP).",
  devMail: "No SMTP_URL: nothing is sent. Emails are listed at /dev/mail, the development inbox.",
  logOnly: "No SMTP_URL: nothing is sent, not even password resets. Share invitations by copying their link.",
};

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
