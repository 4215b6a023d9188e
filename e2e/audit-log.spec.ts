import { expect, test } from "@playwright/test";
import { PASSWORD, signUpInBrowser, watchConsole } from "./helpers";

// The Audit log page end to end: a key created in the dashboard appears in the log with who made
// it, from where and what it was, and the raw key shown at creation is nowhere on the page.

const SHOTS = "test-results/screenshots";

test("a key created in the dashboard shows up in the Audit log, without its secret", async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `audit-${stamp}@example.test`;
  await signUpInBrowser(page, { name: "Ada Audit", email, password: PASSWORD, organization: `Audit ${stamp}` });

  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "API keys" }).click();
  await page.getByRole("button", { name: "Create API key" }).click();
  const create = page.getByRole("dialog", { name: "Create API key" });
  await create.getByLabel("Name").fill("Audit probe");
  await create.getByRole("button", { name: "Create key" }).click();
  const created = page.getByRole("dialog", { name: "API key created" });
  const rawKey = (await created.getByTestId("raw-key").textContent())?.trim() ?? "";
  expect(rawKey).toMatch(/^sg_test_[0-9A-Za-z]{40}$/);
  // Closing before copying asks once more.
  await created.getByRole("button", { name: "Done" }).click();
  await created.getByRole("button", { name: "Close without copying" }).click();
  await expect(created).toBeHidden();

  await nav.getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit-log$/);
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const table = page.getByRole("table", { name: "Audit log" });
  const keyRow = table.getByRole("row").filter({ hasText: "API key created" });
  await expect(keyRow).toHaveCount(1);
  await expect(keyRow).toContainText(email);
  await expect(keyRow).toContainText("127.0.0.1");
  // The sign-up signed the user in: that is in the log too.
  await expect(table.getByRole("row").filter({ hasText: "Signed in" })).toHaveCount(1);

  await keyRow.getByRole("button", { name: "Show changes" }).click();
  const changes = page.getByRole("table", { name: "Changed fields" });
  await expect(changes).toBeVisible();
  await expect(changes.getByRole("row").filter({ hasText: "Name" }).first()).toContainText("Audit probe");
  await expect(changes).toContainText(`${rawKey.slice(0, 12)}…`);
  expect(await page.content()).not.toContain(rawKey);
  await page.screenshot({ path: `${SHOTS}/audit-log.png`, fullPage: true });

  // Filters live in the URL; a filter with no match shows its own empty state.
  await page.getByLabel("Resource").selectOption({ label: "Webhook" });
  await expect(page).toHaveURL(/resource=webhook/);
  await expect(page.getByRole("heading", { name: "No entries match these filters" })).toBeVisible();
  await page.getByLabel("Resource").selectOption({ label: "API key" });
  await expect(table.getByRole("row").filter({ hasText: "API key created" })).toHaveCount(1);
  await expect(table.getByRole("row").filter({ hasText: "Signed in" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/audit-log-filtered.png`, fullPage: true });

  // More entries than a page: Load more asks for the next page with the cursor the server handed
  // out (an opaque one: a page built from an id would be refused) and shows every entry once.
  const token = await page.request.post("/api/v1/auth/token", { data: { email, password: PASSWORD } });
  const { accessToken } = (await token.json()) as { accessToken: string };
  for (let i = 0; i < 25; i++) {
    const res = await page.request.post("/api/v1/developer/api-keys", {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { name: `Paging ${i}` },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto("/dashboard/audit-log");
  const entries = table.locator("tbody tr[data-audit-id]");
  await expect(entries).toHaveCount(25);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(page.getByText("That's all of them.")).toBeVisible();
  const all = await page.request.get("/api/v1/developer/audit-log?limit=100", {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const expected = ((await all.json()) as { id: string }[]).map((e) => e.id);
  expect(expected.length).toBeGreaterThan(25);
  await expect(entries).toHaveCount(expected.length);
  expect(await entries.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-audit-id")))).toEqual(expected);

  expect(problems).toEqual([]);
});
