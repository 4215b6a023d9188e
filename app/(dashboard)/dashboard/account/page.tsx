import type { Metadata } from "next";
import { AccountSections } from "@/components/account/account-sections";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Account" };

// Your own account, whatever organization is active: one card per section. Two-factor sign-in
// (issue 29) adds its card to AccountSections.
export default function AccountPage() {
  return (
    <div>
      <PageHeader title="Account" description="Your profile, password and where you are signed in." />
      <AccountSections />
    </div>
  );
}
