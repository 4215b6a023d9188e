import "server-only";
import { headers } from "next/headers";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { auth } from "../auth/next-auth";
import { getDb } from "../db/client";
import { createTRPCContext } from "./init";
import { appRouter, type AppRouter } from "./root";

/**
 * A dashboard page's first data, fetched while the server renders it: `fill` prefetches the queries
 * the page's components will ask for (same procedures, same inputs, so the same keys), in-process
 * with this request's session and organization. The answer goes to <HydrationBoundary>: the HTML
 * already holds the data, and the browser does not fetch it again. A query that fails is left out;
 * the browser then asks for it as it would have.
 */
export async function prefetchQueries(
  fill: (trpc: TRPCOptionsProxy<AppRouter>, queryClient: QueryClient) => Promise<unknown>,
): Promise<DehydratedState> {
  const queryClient = new QueryClient();
  const requestHeaders = await headers();
  const trpc = createTRPCOptionsProxy<AppRouter>({
    router: appRouter,
    queryClient,
    ctx: async () => createTRPCContext({ db: getDb(), session: await auth(), headers: new Headers(requestHeaders) }),
  });
  await fill(trpc, queryClient);
  return dehydrate(queryClient);
}
