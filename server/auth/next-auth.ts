import NextAuth, { AuthError, CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getDb } from "../db/client";
import { getEnv } from "../env";
import { logger } from "../logger";
import { authorizeCredentials } from "./authorize-credentials";
import { originOf } from "../audit/actor";
import { recordSignIn } from "../audit/record-sign-in";
import { createDashboardSession, dashboardSessionIsLive, endDashboardSession } from "../accounts/sessions";

// Dashboard sessions: the same users and passwords as the REST token endpoint (contract §2), kept
// in an encrypted JWT cookie. Which organization is active is a separate cookie (sg_org), checked
// against memberships on every request, so the session never carries a role that could go stale.

const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

function config(): NextAuthConfig {
  return {
    // Read lazily (a function config), so `next build` never needs AUTH_SECRET.
    secret: getEnv().AUTH_SECRET,
    trustHost: true,
    // Session cookie: HttpOnly and SameSite=Lax (Auth.js defaults), Secure with the __Secure- name
    // prefix in production whatever the proxy in front says about the scheme (issue 10).
    useSecureCookies: getEnv().NODE_ENV === "production",
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in" },
    logger: {
      // A wrong password is an answer, not a fault: Auth.js would print a stack trace for each.
      error(error) {
        if (error instanceof CredentialsSignin) return;
        const cause = (error.cause as { err?: unknown } | undefined)?.err;
        logger.error("auth error", {
          type: error instanceof AuthError ? error.type : error.name,
          error: error.message,
          cause: cause instanceof Error ? cause.stack : undefined,
        });
      },
      warn(code) {
        logger.warn("auth warning", { code });
      },
    },
    providers: [
      Credentials({
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          totpCode: { label: "Two-factor code", type: "text" },
          recoveryCode: { label: "Recovery code", type: "text" },
        },
        async authorize(raw, request) {
          const user = await authorizeCredentials(raw, request);
          if (!user) return null;
          await recordSignIn(getDb(), user.id, originOf(request));
          // A row per sign-in, so the session can be listed and revoked (contract §14).
          const sid = await createDashboardSession(getDb(), user.id, originOf(request), SESSION_MAX_AGE_SECONDS);
          return { id: user.id, email: user.email, name: user.name, sid } as { id: string };
        },
      }),
    ],
    events: {
      async signOut(message) {
        const sid = "token" in message ? message.token?.sid : undefined;
        if (typeof sid === "string") await endDashboardSession(getDb(), sid);
      },
    },
    callbacks: {
      // Runs on every auth(): a cookie whose session row was revoked (from the sessions list, a
      // password change or reset) or that has none answers null, which signs it out (contract §14).
      async jwt({ token, user }) {
        if (user?.id) {
          token.sub = user.id;
          token.sid = (user as { sid?: string }).sid;
          return token;
        }
        if (typeof token.sid !== "string" || !token.sub) return null;
        const live = await dashboardSessionIsLive(getDb(), token.sid, token.sub, SESSION_MAX_AGE_SECONDS);
        return live ? token : null;
      },
      session({ session, token }) {
        if (token.sub && session.user) session.user.id = token.sub;
        // The dashboard session's id: the sessions list marks it current, a password change keeps it.
        if (typeof token.sid === "string") (session as { sessionId?: string }).sessionId = token.sid;
        return session;
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(config);

/**
 * The signed-in user as the database knows them now, or null: a valid session cookie for an
 * account that no longer exists counts as signed out (pages use this, not the raw session).
 */
export async function getCurrentUser(): Promise<{
  id: string;
  email: string;
  name: string | null;
  emailVerified: Date | null;
} | null> {
  const session = await auth();
  const id = session?.user?.id;
  if (!id) return null;
  return getDb().user.findUnique({ where: { id }, select: { id: true, email: true, name: true, emailVerified: true } });
}
