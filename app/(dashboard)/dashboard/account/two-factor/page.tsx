import type { Metadata } from "next";
import { TwoFactorPage } from "@/components/account/two-factor-page";

export const metadata: Metadata = { title: "Two-factor sign-in" };

export default function Page() {
  return <TwoFactorPage />;
}
