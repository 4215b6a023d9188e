import { expect, test } from "@playwright/test";
import {
  createKey,
  expectError,
  registerAndLogin,
  screenshot,
  signIn,
  signInAsNewSupportMember,
  SMS,
  watchConsole,
} from "./helpers";

// The Billing page: an owner sets a spend limit and alert thresholds (kept after a reload), looks up
// a price and quotes a message, restricts the countries messages may go to (after confirming), and
// sees the limit banner once the limit is reached; support has no Billing page.

test("billing: limit and alerts, prices and a quote, allowed countries, the limit banner", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const { email, accessToken } = await registerAndLogin(request);
  await signIn(page, email);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Billing" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
  await expect(page.getByTestId("spend-month-to-date")).toHaveText("$0.00");
  await expect(page.getByText("No live messages this month yet.")).toBeVisible();

  await page.getByLabel("Monthly spend limit (USD)").fill("250");
  await page.getByLabel("Alert thresholds (% of the limit)").fill("50, 90");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved")).toBeVisible();
  await page.reload();
  await expect(page.getByText("of $250.00 limit")).toBeVisible();
  await expect(page.getByLabel("Alert thresholds (% of the limit)")).toHaveValue("50, 90");

  await page.getByLabel("Look up a country's price").fill("germany");
  await expect(page.getByTestId("price-matches")).toContainText("$0.0894");
  await page.getByLabel("Quote: recipient").fill("+14155550123");
  await page.getByLabel("Quote: message").fill("x".repeat(200));
  await expect(page.getByTestId("quote")).toHaveText("2 segments (GSM-7) × $0.0079 = $0.0158 live");

  await page.getByLabel("All countries").uncheck();
  await page.getByLabel("Search countries").fill("united");
  await page.getByRole("checkbox", { name: /United States/ }).check();
  await page.getByRole("checkbox", { name: /United Kingdom/ }).check();
  await expect(page.getByTestId("countries-count")).toHaveText(/^2 of \d+ countries$/);
  await page.getByRole("button", { name: "Save countries" }).click();
  const confirm = page.getByRole("dialog", { name: "Restrict where messages go?" });
  await confirm.getByRole("button", { name: "Restrict countries" }).click();
  await expect(confirm).toBeHidden();
  const billing = await (
    await request.get("/api/v1/developer/billing", { headers: { authorization: `Bearer ${accessToken}` } })
  ).json();
  expect(billing).toMatchObject({
    monthlySpendLimit: "250.0000",
    alertThresholds: [50, 90],
    allowedCountries: ["GB", "US"],
  });
  await screenshot(page, "billing");

  // A limit of zero is reached at once: every page says so.
  await page.getByLabel("Monthly spend limit (USD)").fill("0");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("limit-banner")).toContainText("Monthly spend limit reached.");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Messages" }).click();
  await expect(page.getByTestId("limit-banner")).toBeVisible();
  await screenshot(page, "billing-banner", { fullPage: false });
  // Sending a test SMS says what the same message would cost live.
  await page.getByRole("button", { name: "Send test SMS" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a test SMS" });
  await dialog.getByLabel("To", { exact: true }).fill("+447400123456");
  await dialog.getByLabel("Message", { exact: true }).fill("Hello from the billing test");
  await expect(dialog.getByTestId("live-cost")).toContainText("$0.0463");
  await screenshot(page, "billing-send-test", { fullPage: false });
  expect(problems).toEqual([]);
});

test("a limit set in the dashboard: live messages through the SMSC until refused, then the banner and the statement", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const { email, accessToken } = await registerAndLogin(request);
  await signIn(page, email);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Billing" }).click();
  // Four one-segment US messages at $0.0079 (the e2e server sends live messages to its SMSC).
  await page.getByLabel("Monthly spend limit (USD)").fill("0.0316");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved")).toBeVisible();

  const live = await createKey(request, accessToken, { name: "live billing", environment: "live" });
  const headers = { authorization: `Bearer ${live.rawKey}` };
  const accepted: string[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await request.post("/api/v1/sms/send", { headers, data: { ...SMS, body: `billed ${i}` } });
    if (res.status() !== 202) {
      await expectError(res, 402, "spending_limit_reached");
      break;
    }
    const body = await res.json();
    expect(body).toMatchObject({ price: "0.0079", priceUnit: "USD", environment: "live" });
    accepted.push(body.messageId);
  }
  expect(accepted).toHaveLength(4);

  await page.reload();
  await expect(page.getByTestId("limit-banner")).toContainText("Monthly spend limit reached.");
  // Spend and totals in cents (issue 30), the exact amount on hover; per-segment prices in four places.
  await expect(page.getByTestId("spend-month-to-date")).toHaveText("$0.03");
  await expect(page.getByTestId("spend-month-to-date").locator("[title]")).toHaveAttribute("title", "Exactly $0.0316");
  const period = new Date().toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  const statement = page.getByTestId("statements").getByRole("listitem").filter({ hasText: period });
  await expect(statement).toContainText("Open");
  await expect(statement).toContainText("4 msgs");
  await expect(statement).toContainText("$0.03");
  // The statement opens in the app: one line per country, the total; CSV stays a download.
  await statement.getByRole("button", { name: "View" }).click();
  const drawer = page.getByRole("dialog", { name: `${period} statement` });
  const lines = drawer.getByTestId("statement-lines");
  await expect(lines.getByRole("row").filter({ hasText: "United States" })).toContainText(
    /4\s*4\s*\$0\.0079\s*\$0\.03/,
  );
  await expect(drawer.getByTestId("statement-total")).toHaveText("$0.03");
  await expect(drawer.getByRole("button", { name: "Download CSV" })).toBeVisible();
  await screenshot(page, "billing-statement", { fullPage: false });
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("spend-by-country")).toContainText("United States");
  await screenshot(page, "billing-limit-reached");
  expect(problems).toEqual([]);
});

test("support has no Billing page", async ({ page, request }) => {
  test.setTimeout(60_000);
  const { email } = await registerAndLogin(request);
  await signInAsNewSupportMember(page, email, "billing");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Analytics" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Billing" })).toHaveCount(0);
  await page.goto("/dashboard/billing");
  await expect(page.getByText("You don't have access to this page")).toBeVisible();
});
