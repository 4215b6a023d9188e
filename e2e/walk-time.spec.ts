import { expect, test, type Page } from "@playwright/test";
import { createKey, inviteAndJoin, PASSWORD, registerAndLogin, screenshot, signIn, watchConsole } from "./helpers";

// Issue 30, items 1, 2, 5 and 8 (part): the Inbox in its true order with labelled auto-replies,
// one time-zone rule (the viewer's zone named, UTC on hover), money in cents, the Overview at
// 1440 px and on a 390 px phone and the same for every role, Analytics' range in the URL, the
// audit log's whole emails, the 404 page and the phone navigation's Escape. The browser runs in
// Los Angeles, so "PST"/"PDT" proves the viewer's zone is used and named.

test.use({ timezoneId: "America/Los_Angeles" });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const WITH_ZONE = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M P[SD]T$/;
const UTC_TITLE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/;

/** Nothing on the page is wider than the window (no sideways scroll on a phone). */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test("inbox: auto-replies after their trigger, labelled, seconds and zones, opted-out badge, phone scroll", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const phone = "+14155550177";
  const { email, accessToken } = await registerAndLogin(request);
  const key = await createKey(request, accessToken, { name: "walk inbound" });
  const headers = { authorization: `Bearer ${key.rawKey}` };
  for (const body of ["Hello there", "HELP", "STOP"]) {
    const res = await request.post("/api/v1/sms/inbound", { headers, data: { from: phone, body } });
    expect(res.status()).toBe(201);
  }
  // Another sender, so the phone has two conversations to choose between.
  expect(
    (await request.post("/api/v1/sms/inbound", { headers, data: { from: "+14155550178", body: "hi" } })).status(),
  ).toBe(201);

  await page.setViewportSize(DESKTOP);
  await signIn(page, email);
  await page.goto(`/dashboard/inbox?phone=${encodeURIComponent(phone)}`);
  const thread = page.getByTestId("thread");
  await expect(thread.locator("[data-direction]")).toHaveCount(5);
  // The true order: each keyword, then its answer.
  const bubbles = await thread
    .locator("[data-direction]")
    .evaluateAll((els) =>
      els.map((el) => `${el.getAttribute("data-direction")}: ${el.querySelector("p")?.textContent?.slice(0, 12)}`),
    );
  expect(bubbles).toEqual([
    "inbound: Hello there",
    "inbound: HELP",
    "outbound: Reply STOP t",
    "inbound: STOP",
    "outbound: You are unsu",
  ]);
  const outbound = thread.locator('[data-direction="outbound"]');
  await expect(outbound.nth(0)).toContainText("Auto-reply (HELP)");
  await expect(outbound.nth(1)).toContainText("Auto-reply (STOP)");
  // Seconds and the viewer's zone, UTC on hover.
  const time = thread.locator("time").first();
  await expect(time).toHaveText(WITH_ZONE);
  await expect(time).toHaveAttribute("title", UTC_TITLE);
  await expect(page.getByRole("heading", { name: phone })).toContainText("Opted out");
  const conversations = page.getByRole("navigation", { name: "Conversations" });
  await expect(conversations.getByRole("button", { name: new RegExp(phone.replace("+", "\\+")) })).toContainText(
    "Opted out",
  );
  await screenshot(page, "walk-inbox-desktop");

  // The Messages list and the drawer say what the replies are, not "Dashboard test".
  await page.goto("/dashboard/messages");
  // The list renders rows as a table and (hidden at this width) as phone cards: look at what is shown.
  await expect(page.getByText("Auto-reply (STOP)").filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText("Auto-reply (HELP)").filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText("Dashboard test")).toHaveCount(0);

  // On a phone, opening a thread scrolls to it.
  await page.setViewportSize(PHONE);
  await page.goto("/dashboard/inbox");
  await expect(conversations).toBeVisible();
  await expectNoSidewaysScroll(page);
  await conversations.getByRole("button", { name: /\+14155550177/ }).click();
  await expect(page.getByRole("heading", { name: phone })).toBeInViewport();
  await screenshot(page, "walk-inbox-phone", { fullPage: false });
  expect(problems).toEqual([]);
});

test("overview at 1440 px and 390 px, the same for support; Analytics' range in the URL; audit emails; 404; Escape", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page, { allow400: true });
  // A long owner email: the audit log names its actions' actor, and must show it whole.
  const email = `owner-with-a-rather-long-address-${Date.now().toString(36)}@walk-example.test`;
  const reg = await request.post("/api/v1/auth/register", {
    data: { email, password: PASSWORD, organizationName: "Walk Org" },
  });
  expect(reg.status()).toBe(201);
  await page.setViewportSize(DESKTOP);
  await signIn(page, email);
  const today = page.getByTestId("today-card");
  await expect(page.getByTestId("today-live-spend")).toHaveText("$0.00");
  await expect(page.getByText(/^Live spend, [A-Z][a-z]+ \d{4} \(UTC\)$/)).toBeVisible();
  // The card's table fits its column at 1440 px.
  const fits = async () =>
    today.evaluate((el) => ({ scroll: el.scrollWidth, width: el.clientWidth, parent: el.parentElement!.clientWidth }));
  let box = await fits();
  expect(box.scroll).toBeLessThanOrEqual(box.width);
  expect(box.width).toBeLessThanOrEqual(box.parent);
  await screenshot(page, "walk-overview-desktop");

  // The same page loaded in full at phone width (server render and hydration: no console error).
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId("today-live-spend")).toHaveText("$0.00");
  box = await fits();
  expect(box.scroll).toBeLessThanOrEqual(box.width);
  await expectNoSidewaysScroll(page);
  await screenshot(page, "walk-overview-phone");

  // Escape closes the phone's navigation drawer, focus back on the menu button.
  await page.getByRole("button", { name: "Open navigation" }).click();
  const drawer = page.getByRole("dialog", { name: "Navigation" });
  await expect(drawer).toBeVisible();
  await screenshot(page, "walk-nav-phone", { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("button", { name: "Open navigation" })).toBeFocused();

  // Analytics: Custom says nothing until both days are typed, as ISO dates; all of it in the URL.
  await page.setViewportSize(DESKTOP);
  await page.goto("/dashboard/analytics");
  await page.getByRole("radio", { name: "Custom" }).click();
  await expect(page).toHaveURL(/range=custom/);
  const controls = page.getByTestId("analytics-controls");
  await expect(controls.getByRole("alert")).toHaveCount(0);
  await expect(page.getByTestId("custom-hint")).toBeVisible();
  await page.getByLabel("First day").fill("2026-11-01");
  await expect(controls.getByRole("alert")).toHaveCount(0);
  await page.getByLabel("Last day").fill("2026-11-07");
  await page.getByRole("radio", { name: "Live" }).click();
  await expect(page).toHaveURL(/from=2026-11-01/);
  await expect(page).toHaveURL(/to=2026-11-07/);
  await expect(page).toHaveURL(/env=live/);
  await page.reload();
  await expect(page.getByRole("radio", { name: "Custom" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Live" })).toBeChecked();
  await expect(page.getByLabel("First day")).toHaveValue("2026-11-01");
  await expect(page.getByText("No live messages in this range")).toBeVisible();
  await screenshot(page, "walk-analytics-custom");

  // The owner's long email is shown whole in the audit log (the invitation is logged with its actor).
  const supportEmail = `support-${Date.now().toString(36)}@example.test`;
  await page.goto("/dashboard/members");
  await inviteAndJoin(page, supportEmail, "support", "support-password-1");
  await page.goto("/dashboard/audit-log");
  const actor = page.getByTestId("audit-actor").filter({ hasText: email }).first();
  await expect(actor).toHaveText(email);
  const cut = await actor.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(cut).toBe(false);
  await screenshot(page, "walk-audit-log");

  // Support sees the same Overview: the first call (without a key of its own: it cannot make one), and the spend.
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, supportEmail, "support-password-1");
  await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();
  await expect(page.getByTestId("first-call")).toContainText("$SIGNALGATE_API_KEY");
  await expect(page.getByTestId("read-only-note")).toBeVisible();
  await expect(page.getByTestId("today-live-spend")).toHaveText("$0.00");
  await screenshot(page, "walk-overview-support");

  // A branded 404 with the way back.
  await page.goto("/dashboard/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await screenshot(page, "walk-404");
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
});

test("money in cents, periods as months, countries by name and common names; times named on phone", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const problems = watchConsole(page);
  const { email, accessToken } = await registerAndLogin(request);
  await createKey(request, accessToken, { name: "walk key" });
  await page.setViewportSize(DESKTOP);
  await signIn(page, email);
  await page.goto("/dashboard/billing");
  await expect(page.getByTestId("spend-month-to-date")).toHaveText("$0.00");
  const month = new Date().toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  await expect(page.getByTestId("statements")).toContainText(month);
  await expect(page.getByText(/Live spend [A-Z][a-z]{2} 1 – [A-Z][a-z]{2} \d{1,2} UTC\./)).toBeVisible();

  await page.getByLabel("All countries").uncheck();
  const search = page.getByLabel("Search countries");
  await search.fill("UK");
  const names = page.locator("li label span.flex-1");
  await expect(names.first()).toHaveText("United Kingdom");
  await search.fill("GB");
  await expect(names).toHaveText(["United Kingdom"]);
  await search.fill("");
  const all = await names.allTextContents();
  expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b, "en")));
  // Per-segment prices keep four places.
  await page.getByLabel("Look up a country's price").fill("united kingdom");
  await expect(page.getByTestId("price-matches")).toContainText(/\$\d+\.\d{4}/);
  await screenshot(page, "walk-billing");

  // The API keys table: a date in the viewer's zone, the exact UTC time on hover; on a phone too.
  await page.setViewportSize(PHONE);
  await page.goto("/dashboard/api-keys");
  const created = page.getByRole("row").filter({ hasText: "walk key" }).locator("time").first();
  await expect(created).toHaveAttribute("title", /UTC$/);
  await page.goto("/dashboard/billing");
  await expect(page.getByTestId("spend-month-to-date")).toHaveText("$0.00");
  await screenshot(page, "walk-billing-phone");
  expect(problems).toEqual([]);
});

// Every dashboard page loaded in full (server render, then hydration) in a zone that is not the
// server's: nothing may differ between the two renders (React #418) and nothing may log an error.
// A client-side navigation would hide a hydration mismatch, so each page is loaded and reloaded.
const PAGES = [
  "/dashboard",
  "/dashboard/messages",
  "/dashboard/inbox",
  "/dashboard/campaigns",
  "/dashboard/campaigns/new",
  "/dashboard/campaigns/{campaign}",
  "/dashboard/analytics",
  "/dashboard/otp",
  "/dashboard/delivery-logs",
  "/dashboard/contacts",
  "/dashboard/contacts/{contact}",
  "/dashboard/contacts/opt-outs",
  "/dashboard/numbers",
  "/dashboard/api-keys",
  "/dashboard/webhooks",
  "/dashboard/webhooks/{webhook}",
  "/dashboard/events",
  "/dashboard/rate-limits",
  "/dashboard/billing",
  "/dashboard/fraud-guard",
  "/dashboard/account",
  "/dashboard/account/two-factor",
  "/dashboard/members",
  "/dashboard/audit-log",
  "/docs",
];

for (const timezoneId of ["America/Los_Angeles", "Asia/Kolkata"]) {
  test(`every page, loaded in full in ${timezoneId}: no hydration mismatch, no console error`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    // Data on every page, so rows with times, money and badges are rendered, not only empty states.
    const { email, accessToken } = await registerAndLogin(request);
    const jwt = { authorization: `Bearer ${accessToken}` };
    const key = await createKey(request, accessToken, { name: "walk reload" });
    const auth = { authorization: `Bearer ${key.rawKey}` };
    for (const to of ["+14155550123", "+15005550001"]) {
      expect((await request.post("/api/v1/sms/send", { headers: auth, data: { to, body: "Walk" } })).status()).toBe(
        202,
      );
    }
    const scheduled = await request.post("/api/v1/sms/send", {
      headers: auth,
      data: { to: "+14155550124", body: "Later", sendAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(scheduled.status(), await scheduled.text()).toBe(202);
    expect((await request.post("/api/v1/otp/send", { headers: auth, data: { to: "+14155550125" } })).status()).toBe(
      202,
    );
    for (const body of ["HELP", "UNSUBSCRIBE"]) {
      const res = await request.post("/api/v1/sms/inbound", { headers: auth, data: { from: "+14155550177", body } });
      expect(res.status()).toBe(201);
    }
    const contact = await request.post("/api/v1/contacts", {
      headers: auth,
      data: {
        phone: "+14155550177",
        firstName: "Ada",
        lastName: "Lovelace",
        tags: ["vip"],
        attributes: { plan: "pro" },
      },
    });
    expect(contact.status(), await contact.text()).toBe(201);
    const webhook = await request.post("/api/v1/developer/webhooks", {
      headers: jwt,
      data: { name: "Nowhere", url: "http://127.0.0.1:9/hook", events: ["message.delivered"] },
    });
    expect(webhook.status(), await webhook.text()).toBe(201);
    const campaign = await request.post("/api/v1/campaigns", {
      headers: auth,
      data: { name: "Walk campaign", template: "Hi {{firstName|there}}", audience: { tags: ["vip"] } },
    });
    expect(campaign.status(), await campaign.text()).toBe(201);
    const ids: Record<string, string> = {
      contact: ((await contact.json()) as { id: string }).id,
      webhook: ((await webhook.json()) as { id: string }).id,
      campaign: ((await campaign.json()) as { id: string }).id,
    };

    const context = await browser.newContext({ timezoneId, viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await signIn(page, email);
      const problems: string[] = [];
      let current = "";
      page.on("pageerror", (err) => problems.push(`${current}: pageerror: ${err.message}`));
      page.on("console", (msg) => {
        if (msg.type() === "error") problems.push(`${current}: console: ${msg.text()}`);
      });
      page.on("response", (res) => {
        if (res.status() >= 400) problems.push(`${current}: HTTP ${res.status()} ${res.url()}`);
      });
      for (const template of PAGES) {
        const path = template.replace(/\{(\w+)\}/, (_, name: string) => ids[name]!);
        for (const load of ["goto", "reload"] as const) {
          current = `${template} (${load})`;
          if (load === "goto") await page.goto(path);
          else await page.reload();
          await expect(page.locator("h1").first()).toBeVisible();
          // Next adds its route announcer once the page has hydrated; React reports a mismatch
          // before that, so by now it would have been logged.
          await expect(page.locator("next-route-announcer")).toHaveCount(1);
          // The data-driven render after the first queries settle (times, money, badges).
          await page.waitForLoadState("load");
          await page.waitForTimeout(300);
        }
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
