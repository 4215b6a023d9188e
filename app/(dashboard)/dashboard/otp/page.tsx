import { Suspense } from "react";
import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { OtpPage } from "@/components/otp/otp-page";
import { TableSkeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "OTP activity" };

export default function Page() {
  return (
    <RequireAction action="messages.read">
      {/* The filters live in the query string (useSearchParams). */}
      <Suspense fallback={<TableSkeleton rows={5} columns={7} />}>
        <OtpPage />
      </Suspense>
    </RequireAction>
  );
}
