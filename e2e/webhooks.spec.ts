import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { inviteAndJoin, PASSWORD, shootBoth, signUpInBrowser, watchConsole } from "./helpers";

// Webhooks against a real receiver: an endpoint created in the UI gets a signed test event, then
// the message.delivered event of a sandbox SMS sent from the Messages page, whose signature checks
// out with the secret copied from the one-time dialog. The delivery shows in the Delivery logs, is
// redelivered (to a receiver now answering 500) and the second attempt arrives at both ends; the
// Standard Webhooks signature verifies with `new Webhook(secret)` and the secret as shown, which the
// owner can reveal again. A support member reads the log, redelivers (audited), and changes nothing else.

const SHOTS = "test-results/screenshots";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body bytes, exactly as received. */
  raw: Buffer;
}

/** An HTTP endpoint on 127.0.0.1 that records every request and answers `status`. */
async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "/", headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "thanks" : "receiver is down");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/signalgate`,
    received,
    answer: (next: number) => (status = next),
    ofEvent: (event: string) => received.filter((r) => JSON.parse(r.raw.toString("utf8")).event === event),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a receiver should do: HMAC-SHA256 over the raw bytes, compared in constant time. */
function validSignature(r: Received, secret: string): boolean {
  const header = String(r.headers["x-webhook-signature"] ?? "");
  if (!header.startsWith("sha256=")) return false;
  const expected = createHmac("sha256", secret).update(r.raw).digest();
  const given = Buffer.from(header.slice(7), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** contract §12: the standardwebhooks library, given the secret exactly as the dashboard shows it. */
function validStandardSignature(r: Received, secret: string): boolean {
  const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v ?? "")]));
  try {
    new Webhook(secret).verify(r.raw.toString("utf8"), headers);
    return true;
  } catch {
    return false;
  }
}

async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

async function rowAction(page: Page, row: Locator, name: string, item: string) {
  await row.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}

test("create a webhook, receive signed events, follow and redeliver them, reveal the secret; support redelivers", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const problems = watchConsole(page, { allow400: true });
  const receiver = await startReceiver();
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const supportEmail = `support-${stamp}@example.test`;

  try {
    await signUpInBrowser(page, {
      name: "Wanda Webhooks",
      email: `hooks-${stamp}@example.test`,
      password: PASSWORD,
      organization: `Hooks ${stamp}`,
    });
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { name: "No webhooks yet" })).toBeVisible();

    // Create: a URL the server refuses shows its reason on the URL field.
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Add webhook endpoint" });
    await dialog.getByLabel("Name").fill("Order updates");
    const url = dialog.getByLabel("Endpoint URL");
    await url.fill("ftp://example.com/hooks");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await expect(dialog.getByText("The URL must start with http:// or https://.")).toBeVisible();
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await url.fill(receiver.url);
    await expect(dialog.getByRole("checkbox", { name: /^message\.delivered/ })).toBeChecked();
    await dialog.getByRole("checkbox", { name: /^message\.failed/ }).uncheck();
    await dialog.getByRole("checkbox", { name: /^otp\.verified/ }).check();

    // The form proposes a generated secret: shown, copyable, replaceable with Generate, clearable.
    const secretField = dialog.getByLabel("Signing secret");
    const WHSEC = /^whsec_[0-9A-Za-z]{32}$/;
    await expect(secretField).toHaveValue(WHSEC);
    const proposed = await secretField.inputValue();
    await dialog.getByRole("button", { name: "Generate" }).click();
    await expect(secretField).toHaveValue(WHSEC);
    await expect(secretField).not.toHaveValue(proposed);
    await dialog.getByRole("button", { name: "Clear" }).click();
    await expect(secretField).toHaveValue("");
    await expect(dialog.getByTestId("unsigned-warning")).toBeVisible();
    await shoot(page, "webhooks-create-dialog-unsigned", { fullPage: false });
    await dialog.getByRole("button", { name: "Generate" }).click();
    await expect(secretField).toHaveValue(WHSEC);
    await expect(dialog.getByTestId("unsigned-warning")).toHaveCount(0);
    const formSecret = await secretField.inputValue();
    await dialog.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(formSecret);
    await shoot(page, "webhooks-create-dialog", { fullPage: false });
    await dialog.getByRole("button", { name: "Add endpoint" }).click();

    // The secret, once more: the one the form proposed, copied with the button.
    const secretDialog = page.getByRole("dialog", { name: "Webhook created" });
    await expect(secretDialog.getByText("Copy the signing secret now.")).toBeVisible();
    const secret = (await secretDialog.getByTestId("webhook-secret").textContent())?.trim() ?? "";
    expect(secret).toBe(formSecret);
    await secretDialog.getByRole("button", { name: "Copy secret" }).click();
    await expect(secretDialog.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shoot(page, "webhooks-secret-dialog", { fullPage: false });
    await secretDialog.getByRole("button", { name: "Done" }).click();
    await expect(secretDialog).toBeHidden();

    const row = page.getByRole("table", { name: "Webhooks" }).getByRole("row").filter({ hasText: "Order updates" });
    await expect(row).toContainText(receiver.url);
    await expect(row).toContainText("Active");
    await expect(row.getByText("Unsigned", { exact: true })).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);

    // A second endpoint with the secret cleared is created unsigned, and shown so. It subscribes to
    // otp.expired only, which nothing below causes, so the delivery log stays the first one's.
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await dialog.getByLabel("Name").fill("OTP expiries");
    await dialog.getByLabel("Endpoint URL").fill(`${receiver.url}/unsigned`);
    await dialog.getByRole("checkbox", { name: /^message\.delivered/ }).uncheck();
    await dialog.getByRole("checkbox", { name: /^message\.failed/ }).uncheck();
    await dialog.getByRole("checkbox", { name: /^otp\.expired/ }).check();
    await expect(secretField).toHaveValue(WHSEC);
    await expect(secretField).not.toHaveValue(formSecret);
    await dialog.getByRole("button", { name: "Clear" }).click();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Webhook created" })).toHaveCount(0);
    await expect(page.getByText("Added “OTP expiries”, unsigned")).toBeVisible();
    const unsignedRow = page
      .getByRole("table", { name: "Webhooks" })
      .getByRole("row")
      .filter({ hasText: "OTP expiries" });
    await expect(unsignedRow.getByText("Unsigned", { exact: true })).toBeVisible();
    await expect(row.getByText("Unsigned", { exact: true })).toHaveCount(0);
    await shoot(page, "webhooks-list");
    await page.getByRole("link", { name: "OTP expiries" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "OTP expiries" })).toBeVisible();
    await expect(page.getByTestId("webhook-signing")).toHaveText("Unsigned");
    await nav.getByRole("link", { name: "Webhooks" }).click();

    // A test event: signed, answered 200, shown with its status code and time.
    await rowAction(page, row, "Order updates", "Send test event…");
    const testDialog = page.getByRole("dialog", { name: "Send a test event" });
    await testDialog.getByRole("button", { name: "Send test event" }).click();
    const result = testDialog.getByTestId("test-result");
    await expect(result).toHaveAttribute("data-success", "true");
    await expect(result).toContainText("200");
    await expect(result).toContainText(/\d+ ms/);
    await shoot(page, "webhooks-test-result", { fullPage: false });
    await testDialog.getByRole("button", { name: "Done" }).click();
    const [testEvent] = receiver.ofEvent("webhook.test");
    expect(testEvent).toBeDefined();
    expect(validSignature(testEvent!, secret)).toBe(true);
    expect(validStandardSignature(testEvent!, secret)).toBe(true);

    // A sandbox SMS: its message.delivered reaches the receiver, signed with the copied secret.
    await nav.getByRole("link", { name: "Messages" }).click();
    await page.getByRole("button", { name: "Send a test SMS" }).click();
    const smsDialog = page.getByRole("dialog", { name: "Send a test SMS" });
    await smsDialog.getByLabel("To", { exact: true }).fill("+14155550123");
    await smsDialog.getByRole("button", { name: "Send test SMS" }).click();
    const messageDrawer = page.getByRole("dialog", { name: /^Message/ });
    await expect(messageDrawer.locator('[data-status="DELIVERED"]')).toBeVisible({ timeout: 15_000 });
    await messageDrawer.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => receiver.ofEvent("message.delivered").length, { timeout: 15_000 }).toBe(1);
    const [delivered] = receiver.ofEvent("message.delivered");
    expect(validSignature(delivered!, secret)).toBe(true);
    expect(validSignature(delivered!, `${secret}x`)).toBe(false);
    const envelope = JSON.parse(delivered!.raw.toString("utf8"));
    expect(envelope).toMatchObject({ event: "message.delivered", payload: { to: "+14155550123" } });
    expect(delivered!.headers["x-webhook-id"]).toBe(envelope.id);
    expect(receiver.ofEvent("message.sent")).toHaveLength(0); // not subscribed

    // The delivery log: both deliveries, filtered by event in the URL, and the drawer.
    await nav.getByRole("link", { name: "Delivery logs" }).click();
    const rows = page.getByRole("table", { name: "Deliveries" }).locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await shoot(page, "delivery-logs-list");
    await page.getByLabel("Event", { exact: true }).selectOption("message.delivered");
    await expect(page).toHaveURL(/event=message\.delivered/);
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole("button", { name: "message.delivered" }).click();
    const drawer = page.getByRole("dialog", { name: /^Delivery/ });
    const attempts = drawer.getByRole("list", { name: "Attempts" }).getByRole("listitem");
    await expect(attempts).toHaveCount(1);
    await expect(attempts.first().getByTestId("attempt-status")).toHaveText("200");
    await expect(attempts.first().getByTestId("response-body")).toHaveText("thanks");
    await expect(drawer.getByText(`"id": "${envelope.id}"`)).toBeVisible();
    await shoot(page, "delivery-logs-drawer", { fullPage: false });

    // Redeliver to an endpoint that is now failing: the second attempt reaches it and shows up.
    receiver.answer(500);
    await drawer.getByRole("button", { name: "Redeliver" }).click();
    await page
      .getByRole("dialog", { name: "Redeliver this event?" })
      .getByRole("button", { name: "Redeliver" })
      .click();
    await expect.poll(() => receiver.ofEvent("message.delivered").length, { timeout: 15_000 }).toBe(2);
    const again = receiver.ofEvent("message.delivered")[1]!;
    expect(again.headers["x-webhook-id"]).toBe(envelope.id);
    expect(again.raw.equals(delivered!.raw)).toBe(true);
    expect(validSignature(again, secret)).toBe(true);
    await expect(attempts).toHaveCount(2, { timeout: 15_000 });
    await expect(attempts.nth(1).getByTestId("attempt-status")).toHaveText("500");
    await expect(attempts.nth(1)).toContainText("HTTP 500 Internal Server Error");
    await expect(drawer.locator('[data-status="FAILED"]')).toBeVisible();
    await shoot(page, "delivery-logs-drawer-redelivered", { fullPage: false });
    await drawer.getByRole("button", { name: "Close" }).click();
    await expect(rows.first().locator('[data-status="FAILED"]')).toBeVisible();

    // The webhook's own page: the edit dialog checks its fields, and an endpoint answering 410
    // makes SignalGate disable the webhook, saying why.
    await nav.getByRole("link", { name: "Webhooks" }).click();
    await page.getByRole("link", { name: "Order updates" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Order updates" })).toBeVisible();
    await expect(page.getByTestId("webhook-signing")).toHaveText("HMAC-SHA256");
    // The owner reveals the secret again (audited), instead of rotating a lost one.
    await page.getByRole("button", { name: "Reveal secret" }).click();
    await expect(page.getByTestId("revealed-secret")).toHaveText(secret);
    await shootBoth(page, "webhook-secret-revealed");
    await page.getByRole("button", { name: "Hide secret" }).click();
    await expect(page.getByTestId("revealed-secret")).toHaveCount(0);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit webhook" });
    await expect(editDialog.getByLabel("Endpoint URL")).toHaveValue(receiver.url);
    await editDialog.getByLabel("Signing secret").selectOption("custom");
    await editDialog.getByLabel("Your secret").fill("too short");
    await editDialog.getByRole("button", { name: "Save changes" }).click();
    await expect(editDialog.getByText("Use at least 16 characters.")).toBeVisible();
    await shoot(page, "webhooks-edit-dialog", { fullPage: false });
    await editDialog.getByRole("button", { name: "Cancel" }).click();
    receiver.answer(410);
    await page.getByRole("button", { name: "Send test event" }).click();
    const goneDialog = page.getByRole("dialog", { name: "Send a test event" });
    await goneDialog.getByRole("button", { name: "Send test event" }).click();
    await expect(goneDialog.getByTestId("test-result")).toHaveAttribute("data-success", "false");
    await expect(goneDialog.getByTestId("test-result")).toContainText("HTTP 410 Gone");
    await goneDialog.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("webhook-status")).toContainText("Disabled");
    await expect(page.getByTestId("webhook-status")).toContainText("410 Gone, so SignalGate disabled this webhook");
    await expect(page.getByRole("button", { name: "Enable", exact: true })).toBeVisible();
    await shoot(page, "webhook-detail");
    // Enabled again, answering 200: support redelivers below.
    receiver.answer(200);
    await page.getByRole("button", { name: "Enable", exact: true }).click();
    await expect(page.getByRole("button", { name: "Disable", exact: true })).toBeVisible();

    // A support member: reads the log and the webhook, redelivers (audited), changes nothing else.
    await nav.getByRole("link", { name: "Members" }).click();
    // What each role may do, from the table the server enforces.
    const roleTable = page.getByRole("table", { name: "What each role can do" });
    const supportCell = (area: string) =>
      roleTable.getByRole("row", { name: new RegExp(`^${area}`) }).locator('[data-role="support"]');
    await expect(supportCell("Redeliver webhook events")).toHaveAttribute("data-cell", "yes");
    await expect(supportCell("Export all contacts")).toHaveAttribute("data-cell", "no");
    await expect(supportCell("OTP codes in message bodies")).toHaveAttribute("data-cell", "no");
    await roleTable.scrollIntoViewIfNeeded();
    await shootBoth(page, "members-role-table");
    await inviteAndJoin(page, supportEmail, "support", "support-password-1");
    await signOut(page);
    await page.getByLabel("Email").fill(supportEmail);
    await page.getByLabel("Password").fill("support-password-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await nav.getByRole("link", { name: "Delivery logs" }).click();
    await expect(rows).toHaveCount(3);
    await rows.filter({ hasText: "message.delivered" }).getByRole("button", { name: "message.delivered" }).click();
    await expect(drawer.getByRole("list", { name: "Attempts" }).getByRole("listitem")).toHaveCount(2);
    await expect(drawer.getByTestId("response-body").first()).toHaveText("thanks");
    // Support helps customers: it redelivers, and the new attempt arrives.
    await drawer.getByRole("button", { name: "Redeliver" }).click();
    await page
      .getByRole("dialog", { name: "Redeliver this event?" })
      .getByRole("button", { name: "Redeliver" })
      .click();
    await expect.poll(() => receiver.ofEvent("message.delivered").length, { timeout: 15_000 }).toBe(3);
    await expect(drawer.getByRole("list", { name: "Attempts" }).getByRole("listitem")).toHaveCount(3, {
      timeout: 15_000,
    });
    await shoot(page, "delivery-logs-drawer-support", { fullPage: false });
    await drawer.getByRole("button", { name: "Close" }).click();
    // In the audit log, without the members' IP addresses and browsers.
    await nav.getByRole("link", { name: "Audit log" }).click();
    // The owner's redelivery above is listed too: support's is its own row, naming them.
    const redelivered = page
      .getByRole("row")
      .filter({ hasText: "Webhook event redelivered" })
      .filter({ hasText: supportEmail });
    await expect(redelivered).toHaveCount(1);
    await expect(page.getByRole("columnheader", { name: "From" })).toHaveCount(0);
    await shootBoth(page, "audit-log-support");

    await nav.getByRole("link", { name: "Webhooks" }).click();
    const supportRow = page
      .getByRole("table", { name: "Webhooks" })
      .getByRole("row")
      .filter({ hasText: "Order updates" });
    await expect(supportRow).toContainText(/Active|Failing/);
    await shoot(page, "webhooks-list-support");
    await expect(page.getByRole("button", { name: "Add endpoint" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Actions for/ })).toHaveCount(0);
    await page.getByRole("link", { name: "Order updates" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Order updates" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Deliveries" }).locator("tbody tr")).toHaveCount(3);
    await expect(page.getByRole("button", { name: "Send test event" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reveal secret" })).toHaveCount(0);
    await shoot(page, "webhook-detail-support");

    expect(problems).toEqual([]);
  } finally {
    await receiver.close();
  }
});
