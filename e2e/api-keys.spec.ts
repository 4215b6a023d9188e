import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expectError, PASSWORD, signUpInBrowser, SMS, watchConsole, expectAccepted } from "./helpers";

// The API keys page end to end, checked against the real API: a key made in the dashboard
// authenticates /api/v1/sms/send (202 = authentication passed and the sandbox message was accepted),
// and disabling, regenerating and deleting it in the dashboard take effect on the very next request.

const SHOTS = "test-results/screenshots";
const KEY_SHAPE = /^sg_(test|live)_[0-9A-Za-z]{40}$/;

async function sendWith(request: APIRequestContext, rawKey: string) {
  return request.post("/api/v1/sms/send", { headers: { authorization: `Bearer ${rawKey}` }, data: SMS });
}

async function rowAction(page: Page, row: Locator, keyName: string, item: string) {
  await row.getByRole("button", { name: `Actions for ${keyName}` }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

/** Reads the one-time secret, copies it with the copy button, and checks the clipboard holds it. */
async function copyRevealedKey(page: Page, dialog: Locator): Promise<string> {
  const rawKey = (await dialog.getByTestId("raw-key").textContent())?.trim() ?? "";
  expect(rawKey).toMatch(KEY_SHAPE);
  await dialog.getByRole("button", { name: "Copy key" }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(rawKey);
  return rawKey;
}

test("create, copy, use, disable, enable, regenerate, edit and delete an API key", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const problems = watchConsole(page);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  await signUpInBrowser(page, {
    name: "Kim Keys",
    email: `keys-${stamp}@example.test`,
    password: PASSWORD,
    organization: `Keys ${stamp}`,
  });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No API keys yet" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/api-keys-empty.png`, fullPage: true });

  // Create a sandbox key with sms.send only; an invalid IP line is caught first, naming the line.
  await page.getByRole("button", { name: "Create API key" }).click();
  const create = page.getByRole("dialog", { name: "Create API key" });
  await create.getByRole("button", { name: "Create key" }).click();
  await expect(create.getByText("Give the key a name.")).toBeVisible();
  await create.getByLabel("Name").fill("Checkout server");
  await create.getByLabel("Description").fill("Order confirmations");
  await expect(create.getByRole("radio", { name: /Sandbox/ })).toBeChecked();
  // The same rule as the API's (a key made without a choice holds all nine): all nine, to narrow.
  await expect(create.getByText("9 of 9 selected")).toBeVisible();
  await expect(create.getByRole("checkbox", { name: /^webhooks\.manage/ })).toBeChecked();
  await create.getByRole("button", { name: "Clear all" }).click();
  await create.getByRole("checkbox", { name: /^sms\.send/ }).check();
  await expect(create.getByText("1 of 9 selected")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/api-keys-create-dialog.png` });
  await create.getByLabel("IP restrictions").fill("203.0.113.0/24\n10.0.0.300");
  await create.getByRole("button", { name: "Create key" }).click();
  await expect(create.getByText('Line 2: "10.0.0.300" is not an IP address or CIDR range.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/api-keys-create-dialog-invalid.png` });
  // The test calls the API from 127.0.0.1: no restriction on this key.
  await create.getByLabel("IP restrictions").fill("");
  await create.getByRole("button", { name: "Create key" }).click();

  const created = page.getByRole("dialog", { name: "API key created" });
  await expect(created.getByText("Copy it now — you won't see it again.")).toBeVisible();
  const firstKey = await copyRevealedKey(page, created);
  expect(firstKey.startsWith("sg_test_")).toBe(true);
  await page.screenshot({ path: `${SHOTS}/api-keys-raw-key-dialog.png` });
  await created.getByRole("button", { name: "Done" }).click();
  await expect(created).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: "Checkout server" });
  await expect(row).toContainText(`${firstKey.slice(0, 12)}…`);
  await expect(row).toContainText("Sandbox");
  await expect(row).toContainText("sms.send");
  await expect(row).not.toContainText("sms.read");
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Never");
  await expect(page.getByText("1 of 100 keys")).toBeVisible();

  await expectAccepted(await sendWith(request, firstKey));

  // A production key with every permission, an IP range and an expiry, for the list. Closing its
  // secret dialog before copying only warns.
  await page.getByRole("button", { name: "Create API key" }).click();
  await create.getByLabel("Name").fill("Billing worker");
  await create.locator("label").filter({ hasText: "sg_live_" }).click();
  await expect(create.getByRole("radio", { name: /Production/ })).toBeChecked();
  await expect(create.getByText("9 of 9 selected")).toBeVisible();
  await create.getByLabel("IP restrictions").fill("203.0.113.0/24");
  await create.getByLabel("Expiration").selectOption("90");
  await expect(create.getByText(/The key stops working on/)).toBeVisible();
  await create.getByRole("button", { name: "Create key" }).click();
  await expect(created).toBeVisible();
  expect((await created.getByTestId("raw-key").textContent())?.trim()).toMatch(/^sg_live_/);
  await page.keyboard.press("Escape");
  await expect(created.getByText("You haven't copied the key yet.", { exact: false })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/api-keys-raw-key-warning.png` });
  await created.getByRole("button", { name: "Close without copying" }).click();
  await expect(created).toBeHidden();
  const liveRow = page.getByRole("row").filter({ hasText: "Billing worker" });
  await expect(liveRow).toContainText("Production");
  await expect(liveRow).toContainText("All permissions");
  await expect(liveRow).toContainText("Only 203.0.113.0/24");
  await expect(page.getByText("2 of 100 keys")).toBeVisible();

  // Disable: the next request is refused.
  await rowAction(page, row, "Checkout server", "Disable");
  await expect(page.getByText(/Disabled “Checkout server”/)).toBeVisible();
  await expect(row).toContainText("Disabled");
  await page.screenshot({ path: `${SHOTS}/api-keys-list.png`, fullPage: true });
  await expectError(await sendWith(request, firstKey), 401, "key_disabled");

  await rowAction(page, row, "Checkout server", "Enable");
  await expect(row).toContainText("Active");
  await expectAccepted(await sendWith(request, firstKey));

  // Regenerate: confirmation, then the new secret once; the old one is dead at once.
  await rowAction(page, row, "Checkout server", "Regenerate secret…");
  const confirmRegenerate = page.getByRole("dialog", { name: "Regenerate secret?" });
  await expect(confirmRegenerate.getByText(/stops working immediately/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/api-keys-regenerate-confirm.png` });
  await confirmRegenerate.getByRole("button", { name: "Regenerate secret" }).click();
  const regenerated = page.getByRole("dialog", { name: "New secret generated" });
  const secondKey = await copyRevealedKey(page, regenerated);
  expect(secondKey).not.toBe(firstKey);
  expect(secondKey.startsWith("sg_test_")).toBe(true);
  await regenerated.getByRole("button", { name: "Done" }).click();
  await expect(regenerated).toBeHidden();
  await expect(row).toContainText(`${secondKey.slice(0, 12)}…`);
  await expectError(await sendWith(request, firstKey), 401, "unauthenticated");
  await expectAccepted(await sendWith(request, secondKey));

  // Edit: name and permissions; the environment is not editable.
  await rowAction(page, row, "Checkout server", "Edit…");
  const edit = page.getByRole("dialog", { name: "Edit API key" });
  await expect(edit.getByLabel("Name")).toHaveValue("Checkout server");
  await expect(edit.getByRole("radio")).toHaveCount(0);
  await edit.getByLabel("Name").fill("Checkout server EU");
  await edit.getByRole("checkbox", { name: "All of Messaging" }).check();
  await page.screenshot({ path: `${SHOTS}/api-keys-edit-dialog.png` });
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  const renamed = page.getByRole("row").filter({ hasText: "Checkout server EU" });
  await expect(renamed).toContainText("sms.read");
  await expectAccepted(await sendWith(request, secondKey));

  // Delete: explicit, red, and final.
  await rowAction(page, renamed, "Checkout server EU", "Delete…");
  const confirmDelete = page.getByRole("dialog", { name: "Delete API key?" });
  await confirmDelete.getByRole("button", { name: "Delete key" }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(renamed).toHaveCount(0);
  await expectError(await sendWith(request, secondKey), 401, "unauthenticated");

  await rowAction(page, liveRow, "Billing worker", "Delete…");
  await confirmDelete.getByRole("button", { name: "Delete key" }).click();
  await expect(page.getByRole("heading", { name: "No API keys yet" })).toBeVisible();

  expect(problems).toEqual([]);
});
