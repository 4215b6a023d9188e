import { Suspense } from "react";
import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { MessagesPage } from "@/components/messages/messages-page";
import { TableSkeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Messages" };

export default function Page() {
  return (
    <RequireAction action="messages.read">
      {/* The filters live in the query string (useSearchParams). */}
      <Suspense fallback={<TableSkeleton rows={5} columns={6} />}>
        <MessagesPage />
      </Suspense>
    </RequireAction>
  );
}
