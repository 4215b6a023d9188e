import { describe, expect, it } from "vitest";
import { renderEmail } from "./templates";

describe("account email templates", () => {
  it("has a text part and an accessible HTML part with the link visible in both", () => {
    const url = "https://sg.example.com/reset-password?token=abc";
    const email = renderEmail({ template: "password-reset", data: { url, expiresInMinutes: 60 } });
    expect(email.subject).toBe("Reset your SignalGate password");
    expect(email.text).toContain(url);
    expect(email.text).toContain("60 minutes");
    expect(email.html).toContain('<html lang="en">');
    expect(email.html).toContain("<title>Reset your SignalGate password</title>");
    expect(email.html.match(new RegExp(url.replace(/[?]/g, "\\?"), "g"))).toHaveLength(3);
  });

  it("escapes what others chose (an organization name) in the HTML", () => {
    const email = renderEmail({
      template: "invitation",
      data: {
        url: "https://sg.example.com/invite/t",
        organizationName: '<script>alert("x")</script>',
        role: "Admin",
        invitedBy: "Ada & Co",
        expiresInDays: 7,
      },
    });
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
    expect(email.html).toContain("Ada &amp; Co invited you");
    expect(email.text).toContain('Ada & Co invited you to join <script>alert("x")</script> on SignalGate as Admin.');
  });
});
