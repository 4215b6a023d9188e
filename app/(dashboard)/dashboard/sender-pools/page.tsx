import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { SenderPoolsPage } from "@/components/sender-pools/sender-pools-page";

export const metadata: Metadata = { title: "Sender pools" };

export default function Page() {
  return (
    <RequireAction action="senderPools.read">
      <SenderPoolsPage />
    </RequireAction>
  );
}
