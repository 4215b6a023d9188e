import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export const metadata: Metadata = { title: "Choose a new password" };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  if (typeof token !== "string" || !token) {
    return (
      <AuthCard
        title="This reset link is incomplete"
        subtitle="Open the link from the email again, or ask for a new one."
      >
        <Link href="/forgot-password" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          Ask for a new reset link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Every device signed in to your account will be signed out."
      footer={
        <Link href="/forgot-password" className="font-medium text-indigo-600 hover:text-indigo-500">
          Link expired? Ask for a new one
        </Link>
      }
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
