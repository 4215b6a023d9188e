import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  PASSWORD,
  SMS,
  createKey,
  inviteAndJoin,
  expectError,
  registerAndLogin,
  signIn,
  uniqueEmail,
  watchConsole,
} from "./helpers";

// The Rate limits page against real traffic: API-key calls fill the windows (and hit the bulk
// SMS limit), the page shows the numbers the REST API reports, and an owner edits the limits
// (server-side field errors, a saved toast, the disable confirmation) while a developer only reads.

const SHOTS = "test-results/screenshots";

/** Full-page shots from the top: the sticky header and sidebar would be painted mid-page otherwise. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function restLimits(request: APIRequestContext, accessToken: string) {
  const res = await request.get("/api/v1/developer/rate-limits", {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    perMinute: number;
    perHour: number;
    perDay: number;
    enabled: boolean;
    currentUsage: { perMinute: number; perHour: number; perDay: number };
  };
}

test("rate limits page: live usage from real API traffic, edits with field errors, read-only for developers", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page, { allow400: true });
  const { email, accessToken } = await registerAndLogin(request);
  const key = await createKey(request, accessToken, { permissions: ["sms.send"] });
  const auth = { authorization: `Bearer ${key.rawKey}` };

  // Ten bulk requests fit the sms.bulk limit (10 per minute); the eleventh is refused.
  for (let i = 0; i < 10; i++) {
    const res = await request.post("/api/v1/sms/bulk", { headers: auth, data: { messages: [SMS] } });
    expect(res.status(), `bulk request ${i + 1}`).not.toBe(429);
    expect(res.headers()["x-ratelimit-limit"]).toBe("10");
    expect(res.headers()["x-ratelimit-remaining"]).toBe(String(9 - i));
  }
  const refused = await request.post("/api/v1/sms/bulk", { headers: auth, data: { messages: [SMS] } });
  await expectError(refused, 429, "rate_limited");
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);

  const before = await restLimits(request, accessToken);
  // createKey + 10 bulk + this GET; the refused request is not counted in the windows.
  expect(before.currentUsage.perMinute).toBe(12);

  await signIn(page, email, PASSWORD);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rate limits" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rate limits" })).toBeVisible();
  await expect(page.getByText("Rate limiting enabled")).toBeVisible();

  const minute = page.getByRole("meter", { name: "Requests per minute" });
  await expect(minute).toHaveAttribute("aria-valuetext", `${before.currentUsage.perMinute} of ${before.perMinute}`);
  await expect(
    page.locator('[data-window="perMinute"]').getByText(String(before.currentUsage.perMinute), { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("meter", { name: "Requests per day" })).toHaveAttribute(
    "aria-valuetext",
    `${before.currentUsage.perDay} of 30,000`,
  );
  await expect(page.getByTestId("category-sms.bulk")).toHaveText("10 / 10");
  await expect(page.getByRole("meter", { name: "Bulk SMS requests this minute" })).toHaveAttribute(
    "data-level",
    "full",
  );
  await expect(page.getByTestId("category-sms.send")).toHaveText("0 / 100");
  const rejected = Number(await page.getByTestId("chart-total-rejected").textContent());
  expect(rejected).toBeGreaterThan(0);
  await expect(page.getByTestId("chart-total-allowed")).toHaveText(String(before.currentUsage.perDay));
  await expect(page.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(page.getByTestId("updated-indicator")).toContainText(/Updated|Updating/);
  await shoot(page, "rate-limits-usage");

  // Hovering a bar shows its interval and both series.
  await page.locator(".recharts-bar-rectangle").last().hover();
  await expect(page.locator(".recharts-tooltip-wrapper")).toContainText("Rejected (429)");
  await page.screenshot({ path: `${SHOTS}/rate-limits-tooltip.png` });

  // The page follows new traffic by itself (auto-refresh every ~10 s).
  await request.post("/api/v1/sms/send", { headers: auth, data: SMS });
  await expect(page.getByTestId("category-sms.send")).toHaveText("1 / 100", { timeout: 15_000 });

  const form = page.getByRole("form", { name: "Rate limit settings" });
  const perMinute = form.getByLabel("Requests per minute");
  const perHour = form.getByLabel("Requests per hour");
  const perDay = form.getByLabel("Requests per day");
  const save = form.getByRole("button", { name: "Save changes" });
  await expect(perMinute).toHaveValue("100");
  await expect(save).toBeDisabled();

  // Checked in the browser with the shared schema: no request is made.
  await perHour.fill("0");
  await save.click();
  await expect(form.getByText("Use a positive number.")).toBeVisible();
  await expect(perHour).toHaveAttribute("aria-invalid", "true");
  await form.getByRole("button", { name: "Reset" }).click();
  await expect(perHour).toHaveValue("3000");

  // The ordering rule is the server's: its details land on the perMinute field.
  await perMinute.fill("5000");
  await save.click();
  await expect(form.getByText("Must not exceed the per-hour limit (3000).")).toBeVisible();
  await expect(perMinute).toHaveAttribute("aria-invalid", "true");
  await shoot(page, "rate-limits-field-error");
  expect((await restLimits(request, accessToken)).perMinute).toBe(100);

  await perMinute.fill("250");
  await expect(perMinute).not.toHaveAttribute("aria-invalid", "true");
  await perHour.fill("6000");
  await perDay.fill("50000");
  await save.click();
  await expect(page.getByText("Rate limits saved")).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(minute).toHaveAttribute("aria-valuetext", new RegExp(` of 250$`));
  expect(await restLimits(request, accessToken)).toMatchObject({
    perMinute: 250,
    perHour: 6000,
    perDay: 50000,
    enabled: true,
  });
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/rate-limits-saved.png` });

  // Turning limits off asks first and says what it means.
  await form.getByRole("switch", { name: "Rate limiting" }).click();
  await save.click();
  const confirm = page.getByRole("dialog", { name: "Turn off rate limiting?" });
  await expect(confirm).toContainText("per-endpoint limits");
  await page.screenshot({ path: `${SHOTS}/rate-limits-disable-confirm.png` });
  await confirm.getByRole("button", { name: "Turn off rate limiting" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Rate limiting disabled")).toBeVisible();
  await expect(page.getByText("Rate limiting is off.")).toBeVisible();
  expect(await restLimits(request, accessToken)).toMatchObject({ perMinute: 250, enabled: false });
  // Lifted for the API too: the bulk endpoint no longer answers 429 and sends no headers.
  const unlimited = await request.post("/api/v1/sms/bulk", { headers: auth, data: { messages: [SMS] } });
  expect(unlimited.status()).not.toBe(429);
  expect(unlimited.headers()["x-ratelimit-limit"]).toBeUndefined();

  // A developer sees the same numbers, without the form.
  const devEmail = uniqueEmail("dev");
  await page.goto("/dashboard/members");
  await inviteAndJoin(page, devEmail, "developer", "developer-pass-1");
  await page.context().clearCookies();
  await signIn(page, devEmail, "developer-pass-1");
  await page.goto("/dashboard/rate-limits");
  await expect(page.getByText("Rate limiting disabled")).toBeVisible();
  await expect(page.getByRole("form", { name: "Rate limit settings" })).toHaveCount(0);
  await expect(page.getByText("Only owners and admins can change rate limits; your role is Developer.")).toBeVisible();
  const summary = page.getByRole("definition").filter({ hasText: "250" });
  await expect(summary).toBeVisible();
  await shoot(page, "rate-limits-read-only");

  expect(problems).toEqual([]);
});

test("rate limits page: skeleton while loading, then an empty chart for an organization without traffic", async ({
  page,
  request,
}) => {
  const problems = watchConsole(page, { allow400: true });
  const { email } = await registerAndLogin(request);
  await signIn(page, email, PASSWORD);

  // Hold the first answer back long enough to see the loading state.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/trpc/rateLimits.usage**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/dashboard/rate-limits");
  await expect(page.getByRole("status", { name: "Loading rate limits" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/rate-limits-loading.png` });
  release();

  await expect(page.getByText("No API requests in the last 24 hours.")).toBeVisible();
  await expect(page.getByRole("meter", { name: "Requests per minute" })).toHaveAttribute("aria-valuetext", "0 of 100");
  await expect(page.getByTestId("category-sms.bulk")).toHaveText("0 / 10");
  await shoot(page, "rate-limits-empty");

  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "rate-limits-mobile");
  expect(problems).toEqual([]);
});
