import type { Server } from "node:http";
import { test, type BrowserContext, type Page } from "@playwright/test";
import { screenshot, watchConsole } from "./helpers";
import {
  dashboardPages,
  DESKTOP,
  expect,
  PHONE,
  seedOrganization,
  sidewaysOverflow,
  signInPatiently,
  SIZES,
  startReceiver,
  stopReceiver,
  type Seed,
} from "./walk-second-fixture";

// Issue 39, the second walk, items 4–5 and "Also", at 1440×900 and 390×844: tables that fit, numbers
// that mean what they say, the environment switch, and full-load times. One organization with data
// is seeded once and one signed-in browser context is shared by the tests that read it.

// Not serial: a failing test must not skip the others (a new worker seeds again).
test.describe.configure({ mode: "default" });
test.use({ timezoneId: "America/Los_Angeles" });

const ZONE = /\bP[SD]T\b/;

let receiver: Server;
let context: BrowserContext;
let page: Page;
let seed: Seed;
let problems: string[];

test.beforeAll(async ({ browser, playwright }, testInfo) => {
  testInfo.setTimeout(120_000);
  const started = await startReceiver();
  receiver = started.server;
  const baseURL = testInfo.project.use.baseURL!;
  const api = await playwright.request.newContext({ baseURL });
  seed = await seedOrganization(api, started.url);
  await api.dispose();
  context = await browser.newContext({ baseURL, timezoneId: "America/Los_Angeles", viewport: DESKTOP });
  page = await context.newPage();
  problems = watchConsole(page, { allow400: true });
  await signInPatiently(page, seed.email);
});

test.afterAll(async () => {
  await context?.close();
  await stopReceiver(receiver);
});

for (const [size, viewport] of SIZES) {
  test(`item 4: at ${viewport.width}×${viewport.height} no page is wider than the window and no control is outside it`, async () => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    for (const path of dashboardPages(seed)) {
      // Both environments' messages and codes: the widest the lists get.
      await page.goto(`${path}${/\/(messages|otp)$/.test(path) ? "?env=all" : ""}`);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      // Lists and charts arrive after the page: wait until nothing is loading.
      await expect(page.locator('[role="status"][aria-label^="Loading"]:visible, [data-skeleton]:visible')).toHaveCount(
        0,
        {
          timeout: 15_000,
        },
      );
      expect.soft(await sidewaysOverflow(page, { tables: size === "desktop" }), `${size} ${path}`).toEqual([]);
      const slug = path.replace(/^\/dashboard\/?/, "").replace(/\//g, "-") || "overview";
      await screenshot(page, `walk2-layout-${size}-${slug.replace(/(cmp|ct|wh)_\w+/, "detail")}`);
    }
    expect(problems).toEqual([]);
  });
}

test("Also: the sidebar fits 900 px and the Messages search's placeholder fits a phone", async () => {
  // The sidebar's last item is on the first screen at 900 px.
  await page.setViewportSize(DESKTOP);
  await page.goto("/dashboard");
  const last = page.getByRole("navigation", { name: "Main" }).getByRole("link").last();
  await expect(last).toBeInViewport({ ratio: 1 });

  // The Messages search box's placeholder fits a phone.
  await page.setViewportSize(PHONE);
  await page.goto("/dashboard/messages");
  const search = page.locator("#filter-search");
  const cut = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context2d = document.createElement("canvas").getContext("2d")!;
    context2d.font = `${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: context2d.measureText(input.placeholder).width, room };
  });
  expect(cut.text).toBeLessThanOrEqual(cut.room);
  expect(problems).toEqual([]);
});

test("item 5: delivered as a count, time to deliver explained and legible, zones and 12-hour times, no raw ISO", async () => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await page.goto("/dashboard");
  await expect(page.getByTestId("today-test-delivered")).toHaveText(/^\d[\d,]*$/);
  await expect(page.getByTestId("today-card")).not.toContainText("%");

  await page.goto("/dashboard/analytics?env=test");
  const ttd = page.getByTestId("time-to-deliver");
  await expect(ttd).toContainText(/hand-off/i);
  await expect(ttd).toContainText("sendAt");
  await expect(ttd.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value").first()).toBeAttached();
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    const ticks = await ttd
      .locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value")
      .evaluateAll((els) =>
        els.map((el) => {
          const svg = (el as SVGGraphicsElement).ownerSVGElement!.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return {
            lines: el.querySelectorAll("tspan").length,
            inside: box.left >= svg.left - 0.5,
            text: el.textContent,
          };
        }),
      );
    expect(
      ticks.filter((t) => t.lines > 1 || !t.inside),
      size,
    ).toEqual([]);
    await screenshot(page, `walk2-analytics-${size}`);
  }

  await page.setViewportSize(DESKTOP);
  await page.goto("/dashboard/rate-limits");
  const traffic = page.getByTestId("traffic-chart");
  await expect(traffic).toContainText(ZONE);
  const hours = await traffic
    .locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value")
    .allTextContents();
  expect(hours.length).toBeGreaterThan(0);
  for (const hour of hours) expect(hour).toMatch(/^\d{1,2}(:\d{2})? (AM|PM)$/);
  await screenshot(page, "walk2-rate-limits");

  await page.goto("/dashboard/fraud-guard");
  const block = page.getByTestId("fraud-block-row").first();
  await expect(block).toContainText("Blocked until");
  await expect(block).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
  await expect(block.getByTestId("fraud-block-reason")).toContainText(ZONE);
  await screenshot(page, "walk2-fraud-guard");

  for (const path of ["/dashboard/messages", "/dashboard/delivery-logs", "/dashboard/audit-log"]) {
    await page.goto(path);
    await expect(page.locator('label[for="filter-since"]'), path).toContainText(ZONE);
    await expect(page.locator('label[for="filter-until"]'), path).toContainText(ZONE);
  }
  expect(problems).toEqual([]);
});

test("Also: one environment switch in the shell; lists default to it, and it survives a reload", async () => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await page.goto("/dashboard/messages");
  const sandbox = page.getByRole("switch", { name: "Sandbox" });
  // An organization with a live key starts on live data.
  await expect(sandbox).toHaveAttribute("aria-checked", "false");
  const rows = page.getByRole("table", { name: "Messages" }).locator("tbody tr");
  await expect(rows.filter({ hasText: "+14155550125" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "+14155550123" })).toHaveCount(0);
  await sandbox.click();
  await expect(sandbox).toHaveAttribute("aria-checked", "true");
  await expect(rows.filter({ hasText: "+14155550123" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "+14155550125" })).toHaveCount(0);
  await screenshot(page, "walk2-env-sandbox");
  await page.reload();
  await expect(sandbox).toHaveAttribute("aria-checked", "true");
  await expect(page.getByLabel("Environment")).toHaveValue("test");
  await expect(rows.filter({ hasText: "+14155550125" })).toHaveCount(0);
  // Both at once is still one choice away.
  await page.getByLabel("Environment").selectOption("all");
  await expect(rows.filter({ hasText: "+14155550125" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "+14155550123" })).toHaveCount(1);
  // Analytics follows the switch too.
  await page.goto("/dashboard/analytics");
  await expect(page.getByRole("radio", { name: "Sandbox" })).toBeChecked();
  await page.setViewportSize(PHONE);
  await page.goto("/dashboard/messages");
  await expect(sandbox).toBeVisible();
  await screenshot(page, "walk2-env-phone", { fullPage: false });
  await sandbox.click();
  await expect(sandbox).toHaveAttribute("aria-checked", "false");
  expect(problems).toEqual([]);
});

test("Also: full loads carry their first data in the HTML; the time to it is reported, not asserted", async () => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const pages: [string, string, string, string][] = [
    // name, path, what shows the first data, and the same in the server's HTML
    ["Analytics", "/dashboard/analytics?env=test", '[data-testid="figure-sent"]', 'data-testid="figure-sent"'],
    ["Delivery logs", "/dashboard/delivery-logs", "[data-delivery-id]", "data-delivery-id="],
    ["Campaign detail", `/dashboard/campaigns/${seed.campaignId}`, 'h1:has-text("Walk campaign")', ">Walk campaign<"],
    ["/docs", "/docs", 'text="Send an SMS"', ">Send an SMS<"],
  ];
  const figures: string[] = [];
  for (const [name, path, ready, html] of pages) {
    // Prefetched on the server: the page's HTML already holds what it shows first.
    expect(await (await page.request.get(path)).text(), `${name}: data in the HTML`).toContain(html);
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(path, { waitUntil: "commit" });
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
      runs.push(Math.round(await page.evaluate(() => performance.now())));
    }
    figures.push(`${name} ${runs.join("/")} ms`);
  }
  test.info().annotations.push({ type: "full load to first data", description: figures.join("; ") });
  console.log(`full load to first data: ${figures.join("; ")}`);
});
