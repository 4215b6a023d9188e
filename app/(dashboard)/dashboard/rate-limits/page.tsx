import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { RateLimitsPage } from "@/components/rate-limits/rate-limits-page";

export const metadata: Metadata = { title: "Rate limits" };

export default function Page() {
  return (
    <RequireAction action="rateLimits.read">
      <RateLimitsPage />
    </RequireAction>
  );
}
