import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { auth } from "@/server/auth/next-auth";
import { getDb } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { sameSiteOnly } from "@/server/http/refuse-cross-site";
import { logger } from "@/server/logger";
import { originOf } from "@/server/audit/actor";
import { isHttpsRequest } from "@/server/trpc/active-org-cookie";
import { createTRPCContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";
import { measureHttp } from "@/server/metrics/http";

function handler(req: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: async ({ resHeaders }) =>
      createTRPCContext({
        db: getDb(),
        session: await auth(),
        headers: req.headers,
        resHeaders,
        // Like the session cookie: always Secure in production.
        secureCookies: getEnv().NODE_ENV === "production" || isHttpsRequest(req.headers, req.url),
        origin: originOf(req),
      }),
    onError({ error, path }) {
      // Expected refusals (validation, 401/403/404/409) are answers, not faults: log only the rest.
      if (error.code === "INTERNAL_SERVER_ERROR") {
        logger.error("trpc procedure failed", {
          path,
          error: error.cause?.message ?? error.message,
          stack: error.cause?.stack,
        });
      }
    },
  });
}

// The dashboard's API rides on the session cookie: cross-site requests are refused (issue 10).
const guarded = sameSiteOnly(handler);

/** One route label for every procedure: procedure names come from the URL, and batches combine them. */
const sameSiteHandler = (req: Request) =>
  measureHttp(
    req,
    () => "/api/trpc/[trpc]",
    () => guarded(req),
  );
export { sameSiteHandler as GET, sameSiteHandler as POST };
