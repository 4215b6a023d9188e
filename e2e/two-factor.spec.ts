import { expect, test, type Page } from "@playwright/test";
import { totpCodeAt } from "../server/two-factor/totp";
import { inviteAndJoin, PASSWORD, screenshot, signUpInBrowser, uniqueEmail, watchConsole } from "./helpers";

// Two-factor sign-in end to end (contract §12): enrol with a code generated from the key the page
// shows, sign out, sign in with the second step, require it for the organization, and a member
// forced to enrol before anything else.

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Enrols on the page in front of us; answers the key. `offset` picks the code's 30 s step. */
async function enrol(page: Page, offsetSteps = 0) {
  // A click before hydration would be lost.
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible({ timeout: 15_000 });
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from the app").fill(totpCodeAt(secret, new Date(Date.now() + offsetSteps * 30_000)));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  return secret;
}

test("enrol with a generated code, sign out, sign in with two-factor; a member is forced to enrol", async ({
  page,
}) => {
  const problems = watchConsole(page, { allow400: true });
  const email = uniqueEmail("mfa-owner");
  await signUpInBrowser(page, { name: "Olive Owner", email, password: PASSWORD, organization: "Two-factor Inc" });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Two-factor sign-in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await screenshot(page, "two-factor-enrol");
  // A wrong code is refused on the field.
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("That code is not valid")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  // The previous step's code (inside ±1), so the sign-in below can use the current one.
  await page.getByLabel("Code from the app").fill(totpCodeAt(secret, new Date(Date.now() - 30_000)));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  // The page agrees with the toast at once, without a reload: the card says On, and the requirement
  // card no longer asks to turn it on first.
  await expect(page.getByText("Two-factor sign-in is on")).toBeVisible();
  await expect(page.getByRole("heading", { name: /Authenticator app/ }).getByText("On", { exact: true })).toBeVisible();
  await expect(page.getByText("Turn on two-factor for your own account first.")).toHaveCount(0);
  await expect(page.getByRole("switch", { name: "Require two-factor sign-in" })).toBeEnabled();
  await screenshot(page, "two-factor-recovery-codes");
  await page.getByRole("button", { name: "I saved my recovery codes" }).click();
  await expect(page.getByText("of 10 recovery codes left")).toBeVisible();

  await signOut(page);
  await passwordStep(page, email, PASSWORD);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await screenshot(page, "two-factor-sign-in-code");
  await page.getByLabel("Authentication code").fill("000000" === totpCodeAt(secret, new Date()) ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not valid, or was already used.")).toBeVisible();
  await page.getByLabel("Authentication code").fill(totpCodeAt(secret, new Date(Date.now() + 30_000)));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Require it for the organization, and invite a member who has no second factor.
  await page.goto("/dashboard/account/two-factor");
  await page.getByRole("switch", { name: "Require two-factor sign-in" }).click();
  await expect(page.getByText("Required for every member")).toBeVisible();
  await screenshot(page, "two-factor-settings");
  const memberEmail = uniqueEmail("mfa-member");
  await page.goto("/dashboard/members");
  await page.waitForLoadState("networkidle");
  await inviteAndJoin(page, memberEmail, "developer", "member-password-1");
  await signOut(page);

  await passwordStep(page, memberEmail, "member-password-1");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("forced-enrolment")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in to continue" })).toBeVisible();
  // Nothing else is reachable until then.
  await page.goto("/dashboard/api-keys");
  await expect(page.getByTestId("forced-enrolment")).toBeVisible();
  await screenshot(page, "two-factor-forced-enrolment");
  await enrol(page);
  await page.getByRole("button", { name: "I saved my recovery codes" }).click();
  await expect(page.getByTestId("forced-enrolment")).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  expect(problems).toEqual([]);
});
