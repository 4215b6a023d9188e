"use client";

import { useState } from "react";
import { Building2 } from "lucide-react";
import { signOutAction } from "@/server/actions/auth-actions";
import { Logo } from "../brand/logo";
import { Button } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { NewOrganizationDialog } from "./new-organization-dialog";

/** Signed in but a member of nothing (e.g. removed from the last organization). */
export function NoOrganization({ email }: { email: string }) {
  const [creating, setCreating] = useState(false);
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col justify-center px-4">
      <div className="mb-6 flex justify-center">
        <Logo />
      </div>
      <EmptyState
        icon={Building2}
        title="You are not a member of any organization"
        action={
          <div className="flex gap-2">
            <Button onClick={() => setCreating(true)}>Create an organization</Button>
            <form action={signOutAction}>
              <Button type="submit" variant="secondary">
                Sign out
              </Button>
            </form>
          </div>
        }
      >
        Signed in as {email}. Ask an owner or admin to add you to their organization, or create your own.
      </EmptyState>
      <NewOrganizationDialog open={creating} onOpenChange={setCreating} />
    </main>
  );
}
