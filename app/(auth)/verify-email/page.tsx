import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { verifyEmail } from "@/server/accounts/verification";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { clientIp } from "@/server/http/client-ip";

export const metadata: Metadata = { title: "Verify email" };
export const dynamic = "force-dynamic";

export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  let verified: { email: string } | null = null;
  if (typeof token === "string" && token) {
    const h = await headers();
    try {
      verified = await verifyEmail(getDb(), token, {
        ip: clientIp(new Request("http://localhost/", { headers: h })),
        userAgent: h.get("user-agent"),
      });
    } catch (err) {
      if (!(err instanceof AppError && err.code === "invalid_token")) throw err;
    }
  }
  if (!verified) {
    return (
      <AuthCard
        title="This verification link does not work"
        subtitle="It was already used or has expired (links last 24 hours). Sign in and send a new one from the banner at the top of the dashboard."
      >
        <Link href="/dashboard" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          Go to the dashboard
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Email address verified" subtitle={`${verified.email} is confirmed. Thank you.`}>
      <Link href="/dashboard" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
        Continue to the dashboard
      </Link>
    </AuthCard>
  );
}
