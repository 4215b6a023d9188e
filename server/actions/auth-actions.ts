"use server";

import { cookies } from "next/headers";
import { AuthError } from "next-auth";
import { SignInMfaRequired, SignInThrottled } from "@/server/auth/authorize-credentials";
import { signIn, signOut } from "@/server/auth/next-auth";
import { registerUser } from "@/server/auth/register-user";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { ACTIVE_ORG_COOKIE } from "@/server/trpc/active-org-cookie";
import { registerInput, signInInput } from "@/schemas/auth";
import { firstErrors, text, type AuthFormState } from "./form";

// Server actions of the sign-in and sign-up pages, and signing out. In server/, not app/, so the
// forms in components/ never import from app/ (issue 37 §6; eslint.config.mjs).

/** Only same-site paths: `callbackUrl=https://evil.example` must not become an open redirect. */
function safeRedirect(value: FormDataEntryValue | null): string {
  const path = typeof value === "string" ? value : "";
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : "/dashboard";
}

function throttledMessage(seconds: number): string {
  const wait = seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""}`;
  return `Too many failed sign-in attempts. For your security, sign-in is paused: try again in ${wait}.`;
}

export async function signInAction(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  const values = { email: text(form, "email") };
  const parsed = signInInput.safeParse({
    email: values.email,
    password: text(form, "password"),
    totpCode: text(form, "totpCode"),
    recoveryCode: text(form, "recoveryCode"),
  });
  if (!parsed.success) return { fieldErrors: firstErrors(parsed.error), values };
  const secondStep = Boolean(parsed.data.totpCode || parsed.data.recoveryCode);
  try {
    await signIn("credentials", { ...parsed.data, redirectTo: safeRedirect(form.get("callbackUrl")) });
  } catch (err) {
    // signIn redirects by throwing; only a refused sign-in is answered here, everything else
    // (the redirect above included) must propagate (STACK.md).
    if (err instanceof SignInThrottled) return { formError: throttledMessage(err.retryAfterSeconds), values };
    if (err instanceof SignInMfaRequired) return { mfaRequired: true, values };
    if (err instanceof AuthError && secondStep) {
      return { mfaRequired: true, formError: "That code is not valid, or was already used.", values };
    }
    if (err instanceof AuthError) return { formError: "The email or password is incorrect.", values };
    throw err;
  }
  return {};
}

export async function signUpAction(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  const values = {
    name: text(form, "name"),
    email: text(form, "email"),
    organizationName: text(form, "organizationName"),
  };
  const parsed = registerInput.safeParse({
    email: values.email,
    password: text(form, "password"),
    name: values.name.trim() || undefined,
    organizationName: values.organizationName,
  });
  if (!parsed.success) return { fieldErrors: firstErrors(parsed.error), values };
  try {
    await registerUser(getDb(), parsed.data);
  } catch (err) {
    if (err instanceof AppError && err.code === "email_taken") {
      return { fieldErrors: { email: "An account with this email already exists. Sign in instead." }, values };
    }
    throw err;
  }
  // The new organization is the user's only (so oldest) membership: no sg_org needed, and a
  // leftover one from another account in this browser is cleared.
  (await cookies()).delete(ACTIVE_ORG_COOKIE);
  try {
    await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirectTo: "/dashboard" });
  } catch (err) {
    // The account exists; only this address is paused by the brute-force limit.
    if (err instanceof SignInThrottled) {
      return { formError: `Your account was created. ${throttledMessage(err.retryAfterSeconds)}`, values };
    }
    throw err;
  }
  return {};
}

export async function signOutAction(): Promise<void> {
  (await cookies()).delete(ACTIVE_ORG_COOKIE);
  await signOut({ redirectTo: "/sign-in" });
}
