// The dashboard's Events page: a sandbox SMS's events listed, one opened with its payload and the
// delivery made to a webhook, the link to the delivery log, and the Webhooks page's link to it.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import {
  createKey,
  expectAccepted,
  registerAndLogin,
  screenshot,
  shootBoth,
  signIn,
  SMS,
  watchConsole,
} from "./helpers";

test("Events lists recent events; one shows its payload and deliveries; Webhooks links to it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  let requests = 0;
  const server = createServer((_req, res) => {
    requests += 1;
    res.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  try {
    const { email, accessToken } = await registerAndLogin(request);
    const auth = { authorization: `Bearer ${accessToken}` };
    const created = await request.post("/api/v1/developer/webhooks", {
      headers: auth,
      data: { name: "Local", url: hook, events: ["message.delivered"] },
    });
    expect(created.status()).toBe(201);
    const hookId = ((await created.json()) as { id: string }).id;
    const key = await createKey(request, accessToken);
    const sent = await expectAccepted(
      await request.post("/api/v1/sms/send", { headers: { authorization: `Bearer ${key.rawKey}` }, data: SMS }),
    );

    await signIn(page, email);
    await page.getByRole("link", { name: "Webhooks", exact: true }).click();
    await page.getByRole("main").getByRole("link", { name: "Events", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/events$/);
    await expect(page.getByRole("heading", { name: "Events" })).toBeVisible();
    // The page refreshes by itself: the delivered event arrives within seconds.
    const row = page.locator("tr", { hasText: "message.delivered" });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("tr", { hasText: "message.queued" })).toContainText(sent.messageId);
    await screenshot(page, "events-list");

    await row.getByRole("button", { name: "message.delivered" }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer).toContainText(sent.messageId);
    await expect(drawer.locator("li", { hasText: "Local" })).toBeVisible({ timeout: 30_000 });
    await expect(drawer.locator("li", { hasText: "Local" })).toContainText(/Succeeded/i, { timeout: 30_000 });
    // Resend from the event itself: one more request at the endpoint, the delivery's second attempt.
    const before = requests;
    await expect(drawer.getByLabel("Webhook to resend to")).toHaveValue(hookId);
    await drawer.getByRole("button", { name: "Resend" }).click();
    await expect(drawer.getByRole("status")).toContainText("Sent again now.");
    await expect.poll(() => requests, { timeout: 15_000 }).toBe(before + 1);
    await expect(drawer.locator("li", { hasText: "Local" })).toContainText("2 attempts", { timeout: 15_000 });
    await shootBoth(page, "events-detail");

    await page.keyboard.press("Escape");
    await page.getByLabel("Type").selectOption("message.queued");
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText("message.queued");
    expect(errors).toEqual([]);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
