import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { FraudGuardPage } from "@/components/fraud-guard/fraud-guard-page";

export const metadata: Metadata = { title: "Fraud guard" };

export default function Page() {
  return (
    <RequireAction action="fraudGuard.read">
      <FraudGuardPage />
    </RequireAction>
  );
}
