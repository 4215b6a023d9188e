"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { confirmPasswordReset, requestPasswordReset } from "@/server/accounts/password-reset";
import { getCurrentUser, signIn } from "@/server/auth/next-auth";
import { getDb } from "@/server/db/client";
import { LoginThrottled } from "@/server/auth/login-throttle";
import { getEnv } from "@/server/env";
import { AppError } from "@/server/errors";
import { clientIp } from "@/server/http/client-ip";
import { acceptInvitation } from "@/server/invitations/accept-invitation";
import { ACTIVE_ORG_COOKIE } from "@/server/trpc/active-org-cookie";
import { acceptInvitationInput, passwordResetConfirmInput, passwordResetRequestInput } from "@/schemas/accounts";
import { firstErrors, text, type AuthFormState } from "./form";
import { emailDelivery } from "@/server/email/delivery-mode";
import type { EmailDelivery } from "@/schemas/accounts";

// Server actions of the account pages (contract §14): forgot and reset password, and joining by
// invitation. Kept apart from auth-actions.ts (sign-in and sign-up).

async function origin() {
  const h = await headers();
  // clientIp reads a Request: the one this action runs for, by its headers.
  return { ip: clientIp(new Request("http://localhost/", { headers: h })), userAgent: h.get("user-agent") };
}

export interface ForgotPasswordState extends AuthFormState {
  sentTo?: string;
  /** Where this server's emails go: the answer says plainly when nothing was sent (issue 39). */
  delivery?: EmailDelivery;
}

/** Same answer for every address: whether it has an account is never shown. */
export async function forgotPasswordAction(_prev: ForgotPasswordState, form: FormData): Promise<ForgotPasswordState> {
  const values = { email: text(form, "email") };
  const parsed = passwordResetRequestInput.safeParse(values);
  if (!parsed.success) return { fieldErrors: firstErrors(parsed.error), values };
  try {
    await requestPasswordReset(getDb(), parsed.data.email, await origin());
  } catch (err) {
    // The per-IP limit: it counts every address alike, so saying so reveals no account.
    if (err instanceof LoginThrottled) {
      const minutes = Math.ceil(err.retryAfterSeconds / 60);
      // Counted by the minute over an hour: "61 minutes" would be false precision.
      const wait = minutes >= 60 ? "about an hour" : minutes === 1 ? "a minute" : `${minutes} minutes`;
      return { formError: `Too many reset requests from your network. Try again in ${wait}.`, values };
    }
    throw err;
  }
  return { sentTo: parsed.data.email, delivery: emailDelivery() };
}

export async function resetPasswordAction(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  const parsed = passwordResetConfirmInput.safeParse({ token: text(form, "token"), password: text(form, "password") });
  if (!parsed.success) return { fieldErrors: firstErrors(parsed.error) };
  if (parsed.data.password !== text(form, "confirmPassword")) {
    return { fieldErrors: { confirmPassword: "The passwords do not match." } };
  }
  try {
    await confirmPasswordReset(getDb(), parsed.data, await origin());
  } catch (err) {
    if (err instanceof AppError && err.code === "invalid_token") {
      return { formError: "This reset link was already used or has expired. Ask for a new one." };
    }
    throw err;
  }
  redirect("/sign-in?reset=1");
}

async function setActiveOrganization(organizationId: string) {
  (await cookies()).set(ACTIVE_ORG_COOKIE, organizationId, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().NODE_ENV === "production",
    maxAge: 60 * 60 * 24 * 365,
  });
}

function invitationError(err: unknown): string | null {
  if (!(err instanceof AppError)) return null;
  if (err.code === "invalid_token") return "This invitation was already used, has expired or was revoked.";
  if (["already_member", "forbidden", "unauthenticated", "email_taken", "invalid_request"].includes(err.code)) {
    return err.message;
  }
  return null;
}

/**
 * The invite page's button. Signed in: the current account joins (it must be the invited address).
 * Signed out: a new account with the invited address, then signed in.
 */
export async function acceptInvitationAction(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  const values = { name: text(form, "name") };
  const user = await getCurrentUser();
  const input = user
    ? { token: text(form, "token") }
    : { token: text(form, "token"), password: text(form, "password"), name: values.name.trim() || undefined };
  const parsed = acceptInvitationInput.safeParse(input);
  if (!parsed.success) return { fieldErrors: firstErrors(parsed.error), values };
  let accepted;
  try {
    accepted = await acceptInvitation(getDb(), parsed.data, user ? { userId: user.id } : null, await origin());
  } catch (err) {
    const message = invitationError(err);
    if (message) return { formError: message, values };
    throw err;
  }
  await setActiveOrganization(accepted.organization.id);
  if (user) redirect("/dashboard");
  await signIn("credentials", { email: accepted.email, password: parsed.data.password, redirectTo: "/dashboard" });
  return {};
}
