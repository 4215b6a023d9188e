import { Suspense } from "react";
import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { TableSkeleton } from "@/components/ui/skeleton";
import { WebhookDetailPage } from "@/components/webhooks/webhook-detail-page";

export const metadata: Metadata = { title: "Webhook" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <RequireAction action="webhooks.read">
      {/* The delivery log's filters live in the query string (useSearchParams). */}
      <Suspense fallback={<TableSkeleton rows={5} columns={5} />}>
        <WebhookDetailPage webhookId={id} />
      </Suspense>
    </RequireAction>
  );
}
