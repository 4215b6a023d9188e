import { expect, test } from "@playwright/test";
import { createKey, registerAndLogin, screenshot, signIn, watchConsole } from "./helpers";

// Scheduled sends in the dashboard (contract §11): a test SMS scheduled from the dialog (the
// viewer's zone, shown with UTC), found under the Scheduled filter, canceled from its drawer after
// a confirmation; a scheduled bulk batch's counts and its cancel-all.

test("schedule a test SMS, find it under Scheduled, cancel it; cancel a scheduled batch", async ({ page, request }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const { email, accessToken } = await registerAndLogin(request);
  await signIn(page, email);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Messages" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();

  await page.getByRole("button", { name: "Send a test SMS" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a test SMS" });
  await dialog.getByLabel("To", { exact: true }).fill("+14155550123");
  await dialog.getByLabel("Message", { exact: true }).fill("Your appointment is tomorrow at 9:00");
  await dialog.getByLabel("Send later").check();
  const sendAt = dialog.getByLabel(/^Send at \(/);
  await expect(sendAt).toBeVisible();
  // Too soon: the dialog names the window before anything is sent.
  const pad = (n: number) => String(n).padStart(2, "0");
  const local = (d: Date) =>
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  await sendAt.fill(local(new Date(Date.now() - 60_000)));
  await dialog.getByRole("button", { name: "Schedule test SMS" }).click();
  await expect(dialog.getByText(/60 seconds to 35 days ahead: between/)).toBeVisible();

  const due = new Date(Date.now() + 2 * 3_600_000);
  due.setSeconds(0, 0);
  await sendAt.fill(local(due));
  await expect(dialog.getByTestId("send-at-utc")).toContainText(
    `${due.toISOString().slice(0, 16).replace("T", " ")} UTC`,
  );
  await screenshot(page, "scheduling-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Schedule test SMS" }).click();
  await expect(dialog).toBeHidden();

  const drawer = page.getByRole("dialog", { name: /^Message/ });
  await expect(drawer.locator('[data-status="SCHEDULED"]').first()).toBeVisible();
  await expect(drawer.getByTestId("send-at")).toBeVisible();
  await expect(drawer.getByText(`${due.toISOString().slice(0, 16).replace("T", " ")} UTC`)).toBeVisible();
  await screenshot(page, "scheduling-drawer-scheduled", { fullPage: false });
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(drawer).toBeHidden();

  // The Scheduled filter lists it; Queued does not.
  const statusFilter = page.getByRole("search", { name: "Filter messages" }).getByLabel("Status");
  await statusFilter.selectOption("SCHEDULED");
  await expect(page).toHaveURL(/[?&]status=SCHEDULED/);
  const row = page.getByRole("row").filter({ hasText: "+14155550123" });
  await expect(row).toHaveCount(1);
  await screenshot(page, "scheduling-filter");
  await statusFilter.selectOption("QUEUED");
  await expect(page.getByRole("row").filter({ hasText: "+14155550123" })).toHaveCount(0);
  await statusFilter.selectOption("SCHEDULED");

  // Cancel from the drawer, after a confirmation.
  await page.getByRole("row").filter({ hasText: "+14155550123" }).click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole("button", { name: "Cancel message" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel this scheduled message?" });
  await expect(confirm).toContainText("will never be sent");
  await screenshot(page, "scheduling-cancel-confirm", { fullPage: false });
  await confirm.getByRole("button", { name: "Cancel message" }).click();
  await expect(confirm).toBeHidden();
  await expect(drawer.locator('[data-status="CANCELED"]').first()).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Cancel message" })).toHaveCount(0);
  await screenshot(page, "scheduling-drawer-canceled", { fullPage: false });
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { name: /No messages/ })).toBeVisible();

  // A scheduled bulk batch through the API: its counts and cancel-all in a message's drawer.
  const key = await createKey(request, accessToken, { environment: "test" });
  const bulk = await request.post("/api/v1/sms/bulk", {
    headers: { authorization: `Bearer ${key.rawKey}` },
    data: {
      messages: [
        { to: "+14155550124", body: "wave one" },
        { to: "+14155550125", body: "wave one" },
        { to: "+14155550126", body: "wave one" },
      ],
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  expect(bulk.status()).toBe(202);
  await page.reload();
  await page.getByRole("row").filter({ hasText: "+14155550125" }).click();
  await expect(drawer.getByTestId("batch-count-SCHEDULED")).toHaveText("3");
  await drawer.getByRole("button", { name: "Cancel all scheduled" }).click();
  const confirmAll = page.getByRole("dialog", { name: "Cancel every scheduled message of this batch?" });
  await confirmAll.getByRole("button", { name: "Cancel all scheduled" }).click();
  await expect(drawer.getByTestId("batch-count-CANCELED")).toHaveText("3");
  await expect(drawer.getByTestId("batch-count-SCHEDULED")).toHaveText("0");
  await screenshot(page, "scheduling-batch-canceled", { fullPage: false });
  expect(problems).toEqual([]);
});
