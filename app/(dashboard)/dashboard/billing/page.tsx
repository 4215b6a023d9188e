import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { BillingPage } from "@/components/billing/billing-page";

export const metadata: Metadata = { title: "Billing" };

export default function Page() {
  return (
    <RequireAction action="billing.read">
      <BillingPage />
    </RequireAction>
  );
}
