import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { auth } from "@/server/auth/next-auth";
import { getDb } from "@/server/db/client";
import { logger } from "@/server/logger";
import { originOf } from "@/server/audit/actor";
import { isHttpsRequest } from "@/server/trpc/active-org-cookie";
import { createTRPCContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";

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
        secureCookies: isHttpsRequest(req.headers, req.url),
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

export { handler as GET, handler as POST };
