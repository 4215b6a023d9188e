// Sender pools in the dashboard (contract §15): the empty page, a pool made from the organization's
// numbers, its row, and deleting it after confirming. The selection itself is proven by
// server/sender-pools/sender-pools.int.test.ts.
import { expect, test } from "@playwright/test";
import { PASSWORD, registerAndLogin, screenshot, signIn, watchConsole } from "./helpers";

const OPERATOR_TOKEN = "e2e-only-operator-token-0123456789abcdef";

test("a sender pool is created from the organization's numbers, listed, and deleted", async ({ page, request }) => {
  const problems = watchConsole(page);
  const { email, accessToken } = await registerAndLogin(request);
  const me = (await (
    await request.get("/api/v1/auth/me", { headers: { authorization: `Bearer ${accessToken}` } })
  ).json()) as { organization: { id: string } };
  const suffix = String(Date.now() % 10_000).padStart(4, "0");
  const numbers = [`+1415888${suffix}`, `+1212888${suffix}`];
  for (const number of numbers) {
    const res = await request.post("/api/v1/operator/numbers", {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      data: { number, organizationId: me.organization.id },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await signIn(page, email, PASSWORD);
  await page.getByRole("link", { name: "Sender pools" }).first().click();
  await expect(page.getByText("No sender pools yet")).toBeVisible();
  await screenshot(page, "sender-pools-empty");

  await page.getByRole("button", { name: "New pool" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Marketing");
  for (const number of numbers) await dialog.getByRole("checkbox", { name: new RegExp(`\\${number}`) }).check();
  await dialog.getByLabel("Alphanumeric sender ID").fill("Acme");
  await screenshot(page, "sender-pools-form", { fullPage: false });
  await dialog.getByRole("button", { name: "Create pool" }).click();
  const row = page.getByTestId("sender-pool-row");
  await expect(row).toContainText("Marketing");
  await expect(row).toContainText("Acme");
  await expect(row).toContainText(/pool_/);
  await screenshot(page, "sender-pools-list");

  await row.getByRole("button", { name: "Actions for Marketing" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete pool" }).click();
  await expect(page.getByText("No sender pools yet")).toBeVisible();
  expect(problems).toEqual([]);
});
