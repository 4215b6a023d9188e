import { expect, test, type Page } from "@playwright/test";
import { inviteAndJoin, PASSWORD, submitSignUp, watchConsole } from "./helpers";

// The dashboard spine end to end: sign-up lands on the dashboard, an owner invites a support member
// (who joins by the emailed link), and that member sees a navigation without API keys.

const SHOTS = "test-results/screenshots";

const ALL_NAV = ["Overview", "Messages", "Delivery logs", "API keys", "Webhooks", "Rate limits", "Members"];

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("sign up, invite a support member, and sign in as them without API keys access", async ({ page }) => {
  const problems = watchConsole(page, { allow400: true });
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ownerEmail = `owner-${stamp}@example.test`;
  const supportEmail = `support-${stamp}@example.test`;
  const organization = `Acme ${stamp}`;

  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole("heading", { name: "Sign in to SignalGate" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sign-in.png` });

  // A wrong password is refused with a message, not a crash.
  await signInExpectingError(page, ownerEmail, "not the password");

  await page.getByRole("link", { name: "Create an account" }).click();
  await submitSignUp(page, { name: "Olive Owner", email: ownerEmail, password: "short", organization });
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const item of ALL_NAV) await expect(nav.getByRole("link", { name: item, exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: organization })).toBeVisible();
  await expect(page.getByText("Getting started")).toBeVisible();
  // The first five minutes (issue 39): a sandbox key in one click, not a JWT walk-through.
  await expect(page.getByRole("button", { name: "Create a sandbox key" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/overview.png`, fullPage: true });

  await nav.getByRole("link", { name: "Members" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: ownerEmail })).toContainText("Owner");

  // People join by invitation (contract §14): the link from the email, opened in a fresh browser.
  await inviteAndJoin(page, supportEmail, "support", "support-password-1");
  await page.reload();
  const supportRow = page.getByRole("row").filter({ hasText: supportEmail });
  await expect(supportRow).toContainText("Support");
  await page.screenshot({ path: `${SHOTS}/members.png`, fullPage: true });

  await signOut(page);
  await signIn(page, supportEmail, "support-password-1");

  await expect(page.getByRole("heading", { level: 1, name: organization })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Members" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Delivery logs" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "API keys" })).toHaveCount(0);

  // Typing the address does not show the page either (and the server refuses its data).
  await page.goto("/dashboard/api-keys");
  await expect(page.getByText("You don't have access to this page")).toBeVisible();

  await page.goto("/dashboard/members");
  await expect(page.getByRole("row").filter({ hasText: supportEmail })).toBeVisible();
  await expect(page.getByRole("button", { name: "Invite member" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/members-as-support.png`, fullPage: true });

  await signOut(page);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/sign-in$/);

  expect(problems).toEqual([]);
});

async function signInExpectingError(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("The email or password is incorrect.")).toBeVisible();
}
