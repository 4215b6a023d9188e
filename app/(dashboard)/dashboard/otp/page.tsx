import type { Metadata } from "next";
import { UrlStatePage } from "@/components/dashboard/url-state-page";
import { OtpPage } from "@/components/otp/otp-page";

export const metadata: Metadata = { title: "OTP activity" };

export default function Page() {
  return (
    <UrlStatePage action="messages.read" columns={7}>
      <OtpPage />
    </UrlStatePage>
  );
}
