import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { MembersPage } from "@/components/members/members-page";

export const metadata: Metadata = { title: "Members" };

export default function Page() {
  return (
    <RequireAction action="members.read">
      <MembersPage />
    </RequireAction>
  );
}
