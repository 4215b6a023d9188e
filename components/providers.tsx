"use client";

import { useEffect, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import superjson from "superjson";
import { Toaster } from "sonner";
import { z } from "zod";
import type { AppRouter } from "@/server/trpc/root";
import { TRPCProvider } from "./trpc/client";

// In the browser zod must not probe for eval (`Function("")`, to compile faster parsers): the
// page's CSP forbids eval, and the refused probe is reported as a violation. Servers keep the JIT.
if (typeof window !== "undefined") z.config({ jitless: true });

function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === "UNAUTHORIZED";
}

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        // Retrying a refusal (4xx) cannot succeed; retry network and server failures once.
        retry: (count, error) => {
          const status =
            error instanceof TRPCClientError
              ? (error.data as { httpStatus?: number } | undefined)?.httpStatus
              : undefined;
          return count < 1 && (status === undefined || status >= 500);
        },
      },
    },
  });
}

/**
 * A session that ended (expired, or the account was removed) sends the user back to sign in
 * instead of leaving every panel in an error state.
 */
function SignInAgainOnUnauthorized({ queryClient }: { queryClient: QueryClient }) {
  const router = useRouter();
  useEffect(() => {
    const leave = (error: unknown) => {
      if (!isUnauthorized(error)) return;
      router.replace("/sign-in");
      router.refresh();
    };
    const offQueries = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === "updated" && e.action.type === "error") leave(e.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((e) => {
      if (e.type === "updated" && e.action.type === "error") leave(e.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient, router]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: "/api/trpc", transformer: superjson })],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <SignInAgainOnUnauthorized queryClient={queryClient} />
        {children}
        <Toaster position="bottom-right" richColors closeButton />
      </TRPCProvider>
    </QueryClientProvider>
  );
}
