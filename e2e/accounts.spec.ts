import { expect, test } from "@playwright/test";
import { mailLink, PASSWORD, registerAndLogin, screenshot, signIn, uniqueEmail, watchConsole } from "./helpers";

// Accounts (contract §14) in a real browser. The e2e servers have no SMTP_URL, so every email is
// read where a developer would read it: /dev/mail.

test("forgot password → the email at /dev/mail → reset → sign in with the new password", async ({ page, request }) => {
  test.setTimeout(60_000);
  const problems = watchConsole(page, { allow400: true });
  const { email } = await registerAndLogin(request);

  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  // No SMTP here: the page says so plainly, and where the email is instead.
  await expect(page.getByRole("status")).toContainText("No email was sent: this server has no SMTP set up.");
  await expect(page.getByRole("status").getByRole("link", { name: "/dev/mail" })).toBeVisible();
  await screenshot(page, "accounts-forgot-password-sent");

  const link = await mailLink(page, email, "/reset-password?token=");
  await screenshot(page, "accounts-dev-mail");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  const newPassword = "a fresh new password";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill("something else entirely");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("The passwords do not match.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await screenshot(page, "accounts-reset-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/sign-in\?reset=1$/);
  await expect(page.getByRole("status")).toContainText("Your password was changed");
  await screenshot(page, "accounts-reset-done");

  // The old password is refused; the new one signs in.
  const old = await request.post("/api/v1/auth/token", { data: { email, password: PASSWORD } });
  expect(old.status()).toBe(401);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link was single-use.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("yet another password");
  await page.getByLabel("Confirm new password").fill("yet another password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("This reset link was already used or has expired.")).toBeVisible();
  expect(problems).toEqual([]);
});

test("invite a colleague → the link in a fresh browser → they join with the role; used and revoked links", async ({
  page,
  browser,
  request,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const problems = watchConsole(page, { allow400: true });
  const { email: ownerEmail } = await registerAndLogin(request);
  const colleague = uniqueEmail("colleague");
  await signIn(page, ownerEmail);
  await page.goto("/dashboard/members");
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite member" });
  await dialog.getByLabel("Email").fill(colleague);
  await dialog.getByLabel("Role").selectOption("support");
  await expect(dialog).toContainText("This server sends no email (no SMTP_URL)");
  await screenshot(page, "accounts-invite-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Create invitation" }).click();
  // No "Invitation sent" when nothing was sent: the link to copy, and where the email went.
  const created = page.getByRole("dialog", { name: "Invitation created" });
  await expect(created.getByTestId("email-outcome")).toHaveText(
    "No email was sent: this server has no SMTP set up (SMTP_URL). The invitation is at /dev/mail, the development inbox. Open /dev/mail",
  );
  const shown = (await created.getByTestId("invitation-link").textContent())!.trim();
  await created.getByRole("button", { name: "Copy invitation link" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  await screenshot(page, "accounts-invite-created", { fullPage: false });
  await created.getByRole("button", { name: "Done" }).click();
  await expect(created).toBeHidden();
  const pending = page.getByRole("table", { name: "Pending invitations" });
  await expect(pending.getByRole("row").filter({ hasText: colleague })).toContainText("Support");
  await screenshot(page, "accounts-members-pending");

  const fresh = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const invitee = await fresh.newPage();
  const link = await mailLink(invitee, colleague, "/invite/");
  expect(new URL(shown).pathname).toBe(link);
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: "Join E2E Org" })).toBeVisible();
  await expect(invitee.getByText("You are invited to join E2E Org as Support.")).toBeVisible();
  await screenshot(invitee, "accounts-invite-page");
  await invitee.getByLabel("Your name").fill("Carla Colleague");
  await invitee.getByLabel("Password").fill("colleague password");
  await invitee.getByRole("button", { name: "Create account and join E2E Org" }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  const nav = invitee.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Members" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "API keys" })).toHaveCount(0);
  // Joined by the emailed link: the address is verified, so no banner.
  await expect(invitee.getByRole("region", { name: "Email verification" })).toHaveCount(0);
  await invitee.goto("/dashboard/members");
  await expect(invitee.getByRole("row").filter({ hasText: colleague })).toContainText("Support");

  // The link is used up.
  await fresh.clearCookies();
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: "This invitation was already used" })).toBeVisible();

  // On the owner's side: a member now, no longer pending.
  await page.reload();
  await expect(
    page.getByRole("table", { name: "Members" }).getByRole("row").filter({ hasText: colleague }),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: "Pending invitations" })).toHaveCount(0);

  // A revoked invitation's link gets its own page.
  const withdrawn = uniqueEmail("withdrawn");
  await page.getByRole("button", { name: "Invite member" }).click();
  await dialog.getByLabel("Email").fill(withdrawn);
  await dialog.getByRole("button", { name: "Create invitation" }).click();
  await created.getByRole("button", { name: "Done" }).click();
  const row = page.getByRole("table", { name: "Pending invitations" }).getByRole("row").filter({ hasText: withdrawn });
  // Owners and admins copy a fresh link from the list (the emailed one then stops working).
  await row.getByRole("button", { name: `Actions for the invitation of ${withdrawn}` }).click();
  await page.getByRole("menuitem", { name: "Copy invitation link…" }).click();
  const copied = page.getByRole("dialog", { name: "Invitation link" });
  await expect(copied.getByTestId("invitation-link")).toContainText("/invite/");
  const copiedLink = new URL((await copied.getByTestId("invitation-link").textContent())!.trim()).pathname;
  await screenshot(page, "accounts-invitation-link", { fullPage: false });
  await copied.getByRole("button", { name: "Done" }).click();
  await row.getByRole("button", { name: `Actions for the invitation of ${withdrawn}` }).click();
  await page.getByRole("menuitem", { name: "Revoke invitation…" }).click();
  await page.getByRole("button", { name: "Revoke invitation" }).click();
  await expect(page.getByRole("table", { name: "Pending invitations" })).toHaveCount(0);
  await invitee.goto(copiedLink);
  await expect(invitee.getByRole("heading", { name: "This invitation was revoked" })).toBeVisible();
  await screenshot(invitee, "accounts-invite-revoked");
  await fresh.close();
  expect(problems).toEqual([]);
});

test("Account page: verify the address, and revoke another browser's session", async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  const problems = watchConsole(page, { allow400: true });
  const { email } = await registerAndLogin(request);
  await signIn(page, email);
  // Verification is not required on these servers (REQUIRE_EMAIL_VERIFICATION unset): no banner nags.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Email verification" })).toHaveCount(0);

  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const otherPage = await other.newPage();
  await signIn(otherPage, email);

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  await expect(page.getByText("Not verified", { exact: true })).toBeVisible();
  // Whether this server sends email, in plain words.
  await expect(page.getByTestId("email-delivery")).toHaveText(
    "Not configuredNo SMTP_URL: nothing is sent. Emails are listed at /dev/mail, the development inbox.",
  );
  const sessions = page.getByRole("list", { name: "Sessions" });
  // This browser, the other one, and the API sign-in of registerAndLogin.
  await expect(sessions.getByRole("listitem")).toHaveCount(3);
  await expect(sessions.getByRole("listitem").filter({ hasText: "This session" })).toHaveCount(1);
  await screenshot(page, "accounts-account-page");

  const otherBrowser = sessions
    .getByRole("listitem")
    .filter({ hasNotText: "This session" })
    .filter({ hasNotText: /^API/ });
  await expect(otherBrowser).toHaveCount(1);
  await otherBrowser.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("button", { name: "Sign out session" }).click();
  await expect(sessions.getByRole("listitem")).toHaveCount(2);

  // The revoked browser is signed out on its next request; this one is not.
  await otherPage.goto("/dashboard/members");
  await expect(otherPage).toHaveURL(/\/sign-in/);
  await screenshot(otherPage, "accounts-revoked-session-signed-out");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  await other.close();

  // Verification: the link from the email (at /dev/mail) verifies the address.
  await page.goto(await mailLink(page, email, "/verify-email?token="));
  await expect(page.getByRole("heading", { name: "Email address verified" })).toBeVisible();
  await page.goto("/dashboard/account");
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Email verification" })).toHaveCount(0);
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});
