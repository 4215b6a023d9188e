import type { Metadata } from "next";
import { AccountSections } from "@/components/account/account-sections";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Account" };

// Your own account, whatever organization is active: one card per section.
export default function AccountPage() {
  return (
    <div>
      <PageHeader
        title="Account"
        description="Your profile, password, two-factor sign-in and where you are signed in."
      />
      <AccountSections />
    </div>
  );
}
