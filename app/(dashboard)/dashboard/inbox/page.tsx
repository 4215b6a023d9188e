import { Suspense } from "react";
import type { Metadata } from "next";
import { InboxPage } from "@/components/inbox/inbox-page";
import { Skeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Inbox" };

// Every member reads inbound messages (contract §3); the selected conversation is in the URL.
export default function Page() {
  return (
    <Suspense fallback={<Skeleton className="h-96" />}>
      <InboxPage />
    </Suspense>
  );
}
