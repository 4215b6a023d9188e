import type { Metadata } from "next";
import Link from "next/link";
import { signOutAction } from "@/server/actions/auth-actions";
import { AcceptInvitationForm } from "@/components/auth/accept-invitation-form";
import { AuthCard } from "@/components/auth/auth-card";
import { Button, buttonClasses } from "@/components/ui/button";
import { getCurrentUser } from "@/server/auth/next-auth";
import { getDb } from "@/server/db/client";
import { lookupInvitation, type InvitationState } from "@/server/invitations/accept-invitation";
import { ROLE_LABELS } from "@/schemas/roles";

export const metadata: Metadata = { title: "Invitation" };
export const dynamic = "force-dynamic";

const DEAD: Record<Exclude<InvitationState, "pending">, { title: string; text: string }> = {
  expired: {
    title: "This invitation has expired",
    text: "Invitations last 7 days. Ask the person who invited you to send a new one.",
  },
  accepted: {
    title: "This invitation was already used",
    text: "Someone joined with this link already. If it was you, sign in to reach the organization.",
  },
  revoked: {
    title: "This invitation was revoked",
    text: "The organization withdrew it. Ask them for a new invitation if you still need access.",
  },
  unknown: {
    title: "This invitation link does not work",
    text: "Check that you opened the whole link from the email. Links are replaced when an invitation is sent again.",
  },
};

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [invitation, user] = await Promise.all([lookupInvitation(getDb(), token), getCurrentUser()]);

  if (invitation.state !== "pending") {
    const dead = DEAD[invitation.state];
    return (
      <AuthCard title={dead.title} subtitle={dead.text}>
        <Link
          href={user ? "/dashboard" : "/sign-in"}
          className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
        >
          {user ? "Go to the dashboard" : "Sign in"}
        </Link>
      </AuthCard>
    );
  }

  const org = invitation.organizationName!;
  const subtitle = `You are invited to join ${org} as ${ROLE_LABELS[invitation.role!]}.`;
  if (user && user.email !== invitation.email) {
    return (
      <AuthCard
        title={`Join ${org}`}
        subtitle={`This invitation is for ${invitation.email}, but you are signed in as ${user.email}. Sign out, then open the link again.`}
      >
        <form action={signOutAction}>
          <Button type="submit" variant="secondary" className="w-full">
            Sign out
          </Button>
        </form>
      </AuthCard>
    );
  }
  if (!user && invitation.accountExists) {
    return (
      <AuthCard
        title={`Join ${org}`}
        subtitle={`${subtitle} An account already uses ${invitation.email}: sign in to accept.`}
      >
        <Link
          href={`/sign-in?callbackUrl=${encodeURIComponent(`/invite/${token}`)}`}
          className={buttonClasses("primary", "md", "w-full")}
        >
          Sign in to accept
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Join ${org}`} subtitle={user ? subtitle : `${subtitle} Create your account to accept.`}>
      <AcceptInvitationForm token={token} email={invitation.email!} newAccount={!user} organizationName={org} />
    </AuthCard>
  );
}
