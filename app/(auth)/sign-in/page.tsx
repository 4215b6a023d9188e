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
  searchParams: Promise<{ callbackUrl?: string | string[] }>;
}) {
  if (await getCurrentUser()) redirect("/dashboard");
  const { callbackUrl } = await searchParams;
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
      <SignInForm callbackUrl={typeof callbackUrl === "string" ? callbackUrl : undefined} />
    </AuthCard>
  );
}
