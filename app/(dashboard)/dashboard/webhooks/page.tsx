import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";

export const metadata: Metadata = { title: "Webhooks" };

export default function Page() {
  return (
    <RequireAction action="webhooks.read">
      <WebhooksPage />
    </RequireAction>
  );
}
