import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getCurrentUser } from "@/server/auth/next-auth";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[]; reset?: string | string[] }>;
}) {
  if (await getCurrentUser()) redirect("/dashboard");
  const { callbackUrl, reset } = await searchParams;
  return (
    <AuthCard
      title="Sign in to SignalGate"
      subtitle="Manage API keys, webhooks and message delivery."
      footer={
        <>
          New to SignalGate?{" "}
          <Link href="/sign-up" className="font-medium text-indigo-600 hover:text-indigo-500">
            Create an account
          </Link>
        </>
      }
    >
      {reset === "1" ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
        >
          Your password was changed and every session signed out. Sign in with the new password.
        </p>
      ) : null}
      <SignInForm callbackUrl={typeof callbackUrl === "string" ? callbackUrl : undefined} />
      <p className="mt-4 text-right text-sm">
        <Link href="/forgot-password" className="font-medium text-indigo-600 hover:text-indigo-500">
          Forgot password?
        </Link>
      </p>
    </AuthCard>
  );
}
