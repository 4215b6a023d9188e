import type { Metadata } from "next";
import { UrlStatePage } from "@/components/dashboard/url-state-page";
import { WebhookDetailPage } from "@/components/webhooks/webhook-detail-page";

export const metadata: Metadata = { title: "Webhook" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <UrlStatePage action="webhooks.read" columns={5}>
      <WebhookDetailPage webhookId={id} />
    </UrlStatePage>
  );
}
