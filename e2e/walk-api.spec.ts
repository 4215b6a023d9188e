import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createKey, expectError, PASSWORD, registerAndLogin, screenshot, watchConsole } from "./helpers";

// Issue 30, the API side of the dashboard walk, at 1440×900 and 390×844: the sandbox's spend-limit
// number, the API reference at /docs (Scalar, offline), webhook health and the event picker, a
// message's webhook deliveries, opt-outs with the word replied, and the Numbers page.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
// playwright.config.ts gives the first server this token (the operator API assigns numbers).
const OPERATOR_TOKEN = "e2e-only-operator-token-0123456789abcdef";

/** A receiver on 127.0.0.1: `/ok` answers 200, anything else 500. */
async function startReceiver(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(req.url?.endsWith("/ok") ? 200 : 500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Every request the page makes, so a test can assert none leaves this origin. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  return urls;
}

test("the sandbox's +15005550004 answers 402 spending_limit_reached, single and per index in bulk", async ({
  request,
}) => {
  const { accessToken } = await registerAndLogin(request);
  const { rawKey } = await createKey(request, accessToken, { environment: "test" });
  const headers = { authorization: `Bearer ${rawKey}` };
  const single = await request.post("/api/v1/sms/send", { headers, data: { to: "+15005550004", body: "hi" } });
  await expectError(single, 402, "spending_limit_reached");
  const bulk = await request.post("/api/v1/sms/bulk", {
    headers,
    data: {
      messages: [
        { to: "+14155550123", body: "a" },
        { to: "+15005550004", body: "b" },
      ],
    },
  });
  expect(bulk.status()).toBe(202);
  const body = await bulk.json();
  expect(body).toMatchObject({ accepted: 1, rejected: 1 });
  expect(body.errors).toEqual([{ index: 1, code: "spending_limit_reached", message: expect.any(String) }]);
});

test("/docs: a Scalar reference with navigation, search and SDK/CLI samples, nothing fetched from elsewhere", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const requests = recordRequests(page);
  await page.setViewportSize(DESKTOP);
  await page.goto("/docs");
  const sidebar = page.getByRole("navigation", { name: /^Sidebar for/ });
  await expect(sidebar).toBeVisible({ timeout: 30_000 });
  // Scalar 0.8 (pinned for Node 20, docs/api-reference.md): tags and operations are buttons.
  await sidebar.getByRole("button", { name: /^SMS (Open|Close) Group$/ }).click();
  await expect(sidebar.getByRole("button", { name: /Send up to 1,000 SMS/ })).toBeVisible();
  await expect(page.getByText("+15005550004").first()).toBeAttached();
  await screenshot(page, "walk-docs-desktop", { fullPage: false });

  // Search: finds an operation by words of its summary.
  await sidebar.getByRole("search").click();
  await page.keyboard.type("bulk");
  const hit = page
    .getByRole("option", { name: /up to 1,000 SMS/i })
    .or(page.getByRole("link", { name: /up to 1,000 SMS/i }));
  await expect(hit.first()).toBeVisible();
  await screenshot(page, "walk-docs-search", { fullPage: false });
  await page.keyboard.press("Escape");

  // An operation shows curl by default, and its SDK and CLI samples (the document's x-codeSamples).
  await page.goto("/docs#tag/sms/POST/api/v1/sms/send");
  const operation = page
    .locator("section", { has: page.getByRole("heading", { name: "Send an SMS", exact: true }) })
    .last();
  await expect(operation.getByText("curl").first()).toBeVisible();
  for (const [label, code] of [
    ["SDK (TypeScript)", "client.sms.send("],
    ["CLI", "signalgate sms send --to +14155550123"],
  ] as const) {
    await operation
      .getByRole("button", { name: /Shell Curl|SDK \(TypeScript\)|CLI/ })
      .first()
      .click();
    await page.getByRole("listbox").getByRole("option", { name: label, exact: true }).click();
    await expect(operation.locator("code").filter({ hasText: code }).first()).toBeVisible();
    if (label.startsWith("SDK")) await screenshot(page, "walk-docs-operation-sdk", { fullPage: false });
  }

  await page.setViewportSize(PHONE);
  await page.goto("/docs");
  await expect(page.getByText("SignalGate").first()).toBeVisible();
  await expect(page.locator(".scalar-app, .scalar-api-reference").first()).toBeVisible({ timeout: 30_000 });
  await screenshot(page, "walk-docs-phone", { fullPage: false });

  const origin = new URL(baseURL!).origin;
  const foreign = requests.filter((u) => !u.startsWith(origin) && !u.startsWith("data:") && !u.startsWith("blob:"));
  expect(foreign).toEqual([]);
  expect(problems).toEqual([]);
});

async function seedDashboard(request: APIRequestContext, receiverUrl: string) {
  const { email, accessToken } = await registerAndLogin(request);
  const jwt = { authorization: `Bearer ${accessToken}` };
  const { rawKey } = await createKey(request, accessToken, { environment: "test" });
  const key = { authorization: `Bearer ${rawKey}` };
  for (const [name, path] of [
    ["Healthy endpoint", "/ok"],
    ["Broken endpoint", "/fail"],
  ]) {
    const res = await request.post("/api/v1/developer/webhooks", {
      headers: jwt,
      data: { name, url: `${receiverUrl}${path}`, events: ["message.queued", "message.sent", "message.delivered"] },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const sent = await request.post("/api/v1/sms/send", { headers: key, data: { to: "+14155550123", body: "Walk" } });
  expect(sent.status()).toBe(202);
  // Opt-outs: a keyword other than STOP, then STOP (newest first on the page).
  for (const [from, body] of [
    ["+14155550171", "unsubscribe"],
    ["+14155550172", "STOP"],
  ]) {
    const res = await request.post("/api/v1/sms/inbound", { headers: key, data: { from, body } });
    expect(res.status(), await res.text()).toBe(201);
  }
  const me = (await (await request.get("/api/v1/auth/me", { headers: jwt })).json()) as {
    organization: { id: string };
  };
  return { email, messageId: (await sent.json()).messageId as string, organizationId: me.organization.id };
}

test("dashboard walk: webhook health, event picker, a message's deliveries, opt-outs and numbers", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const problems = watchConsole(page);
    const { email, messageId, organizationId } = await seedDashboard(request, receiver.url);
    await page.setViewportSize(DESKTOP);
    // helpers.signIn, with room for a password hash on a loaded machine.
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

    // Webhooks: the broken endpoint's first attempts fail, so it reads Failing with its rate.
    await page.goto("/dashboard/webhooks");
    const broken = page.getByRole("row", { name: /Broken endpoint/ });
    const healthy = page.getByRole("row", { name: /Healthy endpoint/ });
    await expect(async () => {
      await page.reload();
      await expect(broken.getByTestId("webhook-status")).toContainText("Failing", { timeout: 2_000 });
      await expect(healthy.getByTestId("webhook-status")).toContainText("100% succeeded in 24 h", { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(broken.getByTestId("webhook-status")).toContainText("0% succeeded in 24 h");
    await screenshot(page, "walk-webhooks-health");

    // The event picker offers every event the server sends.
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Add webhook endpoint" });
    for (const event of ["billing.threshold_reached", "message.received", "contact.opted_out", "contact.opted_in"]) {
      await expect(dialog.getByRole("checkbox", { name: new RegExp(event.replace(".", "\\.")) })).toBeAttached();
    }
    await dialog.getByText("Billing", { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, "walk-webhooks-event-picker", { fullPage: false });
    await page.keyboard.press("Escape");

    // A message's drawer links to the delivery log filtered by that message.
    await page.goto(`/dashboard/messages?message=${messageId}`);
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByRole("heading", { name: "Webhook deliveries" })).toBeVisible({ timeout: 15_000 });
    await expect(drawer.getByTestId("message-webhook-summary")).toContainText(/\d+ deliver/, { timeout: 15_000 });
    await screenshot(page, "walk-message-drawer-webhooks", { fullPage: false });
    await drawer.getByRole("link", { name: "View deliveries" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/delivery-logs\\?message=${messageId}`));
    await expect(page.getByRole("link", { name: messageId })).toBeVisible();
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows.nth(1)).toBeVisible();
    await screenshot(page, "walk-delivery-log-by-message");

    // Opt-outs: the word replied, newest first.
    await page.goto("/dashboard/contacts/opt-outs");
    const table = page.getByRole("table", { name: "Opted-out numbers" });
    await expect(table.getByRole("row").nth(1)).toContainText("+14155550172");
    await expect(table.getByRole("row").nth(1)).toContainText("Replied STOP");
    await expect(table.getByRole("row").nth(2)).toContainText("+14155550171");
    await expect(table.getByRole("row").nth(2)).toContainText("Replied UNSUBSCRIBE");
    await screenshot(page, "walk-opt-outs");

    // Numbers: how they are obtained, then a number with its type, country and an icon copy button.
    await page.goto("/dashboard/numbers");
    await expect(page.getByTestId("numbers-how")).toContainText("assigned by the operator");
    const number = `+1415999${String(Date.now() % 10_000).padStart(4, "0")}`;
    const assigned = await request.post("/api/v1/operator/numbers", {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      data: { number, organizationId },
    });
    expect(assigned.status(), await assigned.text()).toBe(201);
    await page.reload();
    const row = page.getByRole("row", { name: new RegExp(`\\${number}`) });
    await expect(row).toContainText("Long code");
    await expect(row).toContainText("United States (US)");
    // Its pace and its queue (contract §15): a long code's 1 segment a second, nothing waiting.
    await expect(row).toContainText("1 segment/s");
    await expect(row.getByTestId("queue-segments")).toHaveText("Empty");
    await expect(row.getByRole("button", { name: `Copy ${number}` })).toBeVisible();
    await expect(row).not.toContainText(`Copy ${number}`);
    await screenshot(page, "walk-numbers");

    // The same pages on a phone.
    await page.setViewportSize(PHONE);
    for (const [path, name, ready] of [
      ["/dashboard/webhooks", "walk-webhooks-phone", "Broken endpoint"],
      ["/dashboard/contacts/opt-outs", "walk-opt-outs-phone", "Replied UNSUBSCRIBE"],
      ["/dashboard/numbers", "walk-numbers-phone", "Long code"],
      [`/dashboard/delivery-logs?message=${messageId}`, "walk-delivery-log-by-message-phone", "6 deliveries"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(ready).first()).toBeVisible({ timeout: 15_000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await screenshot(page, name);
    }
    expect(problems).toEqual([]);
  } finally {
    receiver.server.close();
  }
});
