"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useTRPC } from "../trpc/client";
import { errorMessage } from "../trpc/errors";

/** Saves the level or the safe list and puts the answer in the settings query. */
export function useUpdateFraudGuard(success: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.fraudGuard.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.fraudGuard.settings.queryKey(), saved);
        toast.success(success);
      },
      onError: (err) => toast.error(errorMessage(err)),
    }),
  );
}
