"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { useTRPC } from "../trpc/client";
import { errorMessage } from "../trpc/errors";

/**
 * After the active organization changes (the server set the sg_org cookie), every cached query
 * belongs to the old one: drop them all and re-render the server layout.
 */
export function useAfterOrganizationChange() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return (name: string, verb: "Switched to" | "Created") => {
    queryClient.removeQueries();
    router.refresh();
    toast.success(`${verb} ${name}`);
  };
}

export function useSwitchOrganization() {
  const trpc = useTRPC();
  const after = useAfterOrganizationChange();
  return useMutation(
    trpc.organizations.switch.mutationOptions({
      onSuccess: (org) => after(org.name, "Switched to"),
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
}
