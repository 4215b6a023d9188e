import { PasswordSection } from "./password-section";
import { ProfileSection } from "./profile-section";
import { SessionsSection } from "./sessions-section";

/** The Account page's cards, in order. A new section (two-factor, issue 29) is one more line here. */
export function AccountSections() {
  return (
    <div className="max-w-3xl space-y-6">
      <ProfileSection />
      <PasswordSection />
      <SessionsSection />
    </div>
  );
}
