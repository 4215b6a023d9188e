"use client";

import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "@/server/trpc/root";

/**
 * `const trpc = useTRPC()` then `useQuery(trpc.members.list.queryOptions())` or
 * `useMutation(trpc.members.add.mutationOptions({ onSuccess }))`.
 */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();
