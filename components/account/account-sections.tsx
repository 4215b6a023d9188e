import { PasswordSection } from "./password-section";
import { ProfileSection } from "./profile-section";
import { SessionsSection } from "./sessions-section";
import { TwoFactorSection } from "./two-factor-section";

/** The Account page's cards, in order. */
export function AccountSections() {
  return (
    <div className="max-w-3xl space-y-6">
      <ProfileSection />
      <PasswordSection />
      <TwoFactorSection />
      <SessionsSection />
    </div>
  );
}
