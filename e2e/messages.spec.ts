import { expect, test, type Locator, type Page } from "@playwright/test";
import { createKey, registerAndLogin, signIn, watchConsole } from "./helpers";

// The Messages page against the real sandbox pipeline: a test SMS sent from the form is followed
// live from QUEUED to DELIVERED in its drawer, a magic number fails with invalid_number, filters
// live in the URL, and an OTP sent through the API shows up under OTP activity, linked to its SMS.

const SHOTS = "test-results/screenshots";

/** Full-page shots from the top: the sticky header and sidebar would be painted mid-page otherwise. */
async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** Sends from the open dialog and returns the detail drawer it opens. */
async function sendFromDialog(page: Page, dialog: Locator): Promise<Locator> {
  await dialog.getByRole("button", { name: "Send test SMS" }).click();
  await expect(dialog).toBeHidden();
  const drawer = page.getByRole("dialog", { name: /^Message/ });
  await expect(drawer).toBeVisible();
  return drawer;
}

test("send a test SMS and watch it deliver, a magic number fail, filters in the URL, OTP activity", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const { email, accessToken } = await registerAndLogin(request);
  await signIn(page, email);

  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Messages" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();
  await shoot(page, "messages-empty");

  // The form checks the number with the API's schema; the counter follows the body's encoding.
  await page.getByRole("button", { name: "Send a test SMS" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a test SMS" });
  await dialog.getByRole("button", { name: "Send test SMS" }).click();
  await expect(dialog.getByText("Use E.164 format")).toBeVisible();
  const counter = dialog.getByTestId("segment-counter");
  await expect(counter).toContainText("GSM-7");
  await expect(counter).toContainText("1 segment");
  await dialog
    .getByLabel("Message", { exact: true })
    .fill(`Your order shipped 📦 ${"and it is on its way. ".repeat(3)}`);
  await expect(counter).toContainText("UCS-2");
  await expect(counter).toContainText("2 segments");
  await dialog.getByLabel("To", { exact: true }).fill("+14155550123");
  await shoot(page, "messages-send-dialog", { fullPage: false });
  await dialog.getByLabel("Message", { exact: true }).fill("Hello from the e2e test");

  const drawer = await sendFromDialog(page, dialog);
  await expect(drawer.locator('[data-status="DELIVERED"]')).toBeVisible({ timeout: 15_000 });
  const timeline = drawer.getByRole("list", { name: "Status timeline" });
  await expect(timeline.getByRole("listitem")).toHaveText([/Queued/, /Sent/, /Delivered/]);
  await expect(drawer.getByTestId("message-body")).toHaveText("Hello from the e2e test");
  await expect(drawer.getByText("sandbox", { exact: true })).toBeVisible();
  await expect(drawer.getByText(/^sbx_/)).toBeVisible();
  await expect(page).toHaveURL(/[?&]message=msg_/);
  await shoot(page, "messages-drawer-delivered", { fullPage: false });

  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(drawer).toBeHidden();
  const deliveredRow = page.getByRole("row").filter({ hasText: "+14155550123" });
  await expect(deliveredRow.locator('[data-status="DELIVERED"]')).toBeVisible();

  // The magic number: refused by the sandbox carrier.
  await page.getByRole("button", { name: "Send test SMS" }).click();
  await dialog.getByRole("button", { name: /\+15005550001/ }).click();
  await expect(dialog.getByLabel("To", { exact: true })).toHaveValue("+15005550001");
  const failedDrawer = await sendFromDialog(page, dialog);
  await expect(failedDrawer.locator('[data-status="FAILED"]')).toBeVisible({ timeout: 15_000 });
  await expect(failedDrawer.getByTestId("error-code")).toHaveText("invalid_number");
  await expect(failedDrawer.getByRole("list", { name: "Status timeline" }).getByRole("listitem")).toHaveText([
    /Queued/,
    /Failed/,
  ]);
  await shoot(page, "messages-drawer-failed", { fullPage: false });
  await failedDrawer.getByRole("button", { name: "Close" }).click();
  await expect(failedDrawer).toBeHidden();

  const rows = page.getByRole("table", { name: "Messages" }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("invalid_number");
  await shoot(page, "messages-list");

  // Filters are kept in the URL: a reload shows the same view.
  await page.getByLabel("Status", { exact: true }).selectOption("FAILED");
  await expect(page).toHaveURL(/status=FAILED/);
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("FAILED");
  await expect(rows).toHaveCount(1);
  await page.getByLabel("Search", { exact: true }).fill("+1999");
  await expect(page.getByRole("heading", { name: "No messages match these filters" })).toBeVisible();
  await shoot(page, "messages-no-match");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue("");

  // No receipt ever comes for this one: the drawer shows it SENT and still waiting.
  await page.getByRole("button", { name: "Send test SMS" }).click();
  await dialog.getByRole("button", { name: /\+15005550003/ }).click();
  const sentDrawer = await sendFromDialog(page, dialog);
  await expect(sentDrawer.locator('[data-status="SENT"]')).toBeVisible({ timeout: 15_000 });
  await expect(sentDrawer.locator('[data-step="waiting"]')).toContainText("Delivered");
  await shoot(page, "messages-drawer-sent", { fullPage: false });
  await sentDrawer.getByRole("button", { name: "Close" }).click();
  await expect(sentDrawer).toBeHidden();
  await expect(rows).toHaveCount(3);

  // OTP activity: empty, then a code sent through the API with a sandbox key, linked to its SMS.
  await nav.getByRole("link", { name: "OTP activity" }).click();
  await expect(page.getByRole("heading", { name: "No OTP codes yet" })).toBeVisible();
  await shoot(page, "otp-empty");
  const key = await createKey(request, accessToken, { environment: "test" });
  const otp = await request.post("/api/v1/otp/send", {
    headers: { authorization: `Bearer ${key.rawKey}` },
    data: { to: "+14155550199" },
  });
  expect(otp.status()).toBe(202);
  const { messageId } = (await otp.json()) as { messageId: string };
  // No reload: Refresh (the page also refreshes by itself, more slowly).
  await page.getByRole("button", { name: "Refresh" }).click();
  const otpRow = page.getByRole("row").filter({ hasText: "+14155550199" });
  await expect(otpRow.locator('[data-status="PENDING"]')).toBeVisible();
  await expect(otpRow).toContainText("0 / 5");
  await shoot(page, "otp-activity");

  await otpRow.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/messages\\?message=${messageId}`));
  const otpDrawer = page.getByRole("dialog", { name: /^Message/ });
  await expect(otpDrawer.getByTestId("message-body")).toContainText(/\d{6}/);
  await expect(otpDrawer.locator('[data-status="DELIVERED"]')).toBeVisible({ timeout: 15_000 });

  expect(problems).toEqual([]);
});
