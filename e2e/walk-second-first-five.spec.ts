import type { Server } from "node:http";
import { test } from "@playwright/test";
import { PASSWORD, screenshot, submitSignUp, uniqueEmail, watchConsole } from "./helpers";
import { runCurl } from "./docs-samples";
import { DESKTOP, expect, PHONE, sidewaysOverflow, startReceiver, stopReceiver } from "./walk-second-fixture";

// Issue 39, the second walk, item 3: the first five minutes of a new user.

test.use({ timezoneId: "America/Los_Angeles" });

let receiver: Server;
let receiverUrl: string;

test.beforeAll(async () => {
  ({ server: receiver, url: receiverUrl } = await startReceiver());
});

test.afterAll(() => stopReceiver(receiver));

test("item 3: a new user creates a sandbox key in one click, runs the call shown, and the checklist ticks itself", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const fresh = await browser.newContext({ baseURL, viewport: DESKTOP, timezoneId: "America/Los_Angeles" });
  try {
    const newcomer = await fresh.newPage();
    const newcomerProblems = watchConsole(newcomer);
    const email = uniqueEmail("first");
    await newcomer.goto("/sign-up");
    await submitSignUp(newcomer, { name: "Ada Lovelace", email, password: PASSWORD, organization: "First Five" });
    await expect(newcomer).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await expect(newcomer.getByRole("heading", { level: 1 })).toContainText("First Five");
    await expect(newcomer.getByText(/welcome back/i)).toHaveCount(0);
    // The sign-in walk-through (JWT, then curl) is gone: the Keys page and this card make keys.
    await expect(newcomer.getByText("/api/v1/auth/token")).toHaveCount(0);
    const items = newcomer.getByTestId("checklist-item");
    await expect(items).toHaveText([/first message/i, /webhook/i, /first .*delivery/i]);
    await expect(newcomer.locator('[data-testid="checklist-item"][data-done="true"]')).toHaveCount(0);
    await screenshot(newcomer, "walk2-first-five-new");

    await newcomer.getByRole("button", { name: "Create a sandbox key" }).click();
    const firstCall = newcomer.getByTestId("first-call");
    await expect(firstCall).toContainText(/sg_test_[A-Za-z0-9]{40}/);
    await expect(firstCall).toContainText(`${baseURL}/api/v1/sms/send`);
    await screenshot(newcomer, "walk2-first-five-key");
    // The call shown runs as copied.
    const sent = await runCurl(await firstCall.locator("code").innerText());
    expect(sent.status, sent.body).toBe(202);
    const done = (name: RegExp) => items.filter({ hasText: name });
    await expect(done(/first message/i)).toHaveAttribute("data-done", "true", { timeout: 20_000 });

    // A webhook, then a delivery to it: both tick without a reload.
    const token = await (await request.post("/api/v1/auth/token", { data: { email, password: PASSWORD } })).json();
    const hook = await request.post("/api/v1/developer/webhooks", {
      headers: { authorization: `Bearer ${token.accessToken}` },
      data: { name: "First", url: `${receiverUrl}/ok`, events: ["message.delivered"] },
    });
    expect(hook.status()).toBe(201);
    await expect(done(/webhook/i).first()).toHaveAttribute("data-done", "true", { timeout: 20_000 });
    expect((await runCurl(await firstCall.locator("code").innerText())).status).toBe(202);
    await expect(done(/delivery/i)).toHaveAttribute("data-done", "true", { timeout: 30_000 });
    await newcomer.setViewportSize(PHONE);
    expect(await sidewaysOverflow(newcomer)).toEqual([]);
    await screenshot(newcomer, "walk2-first-five-done-phone");

    // Dismissed, it stays dismissed; the greeting is a returning user's now.
    await newcomer.getByRole("button", { name: "Dismiss the checklist" }).click();
    await expect(items).toHaveCount(0);
    await newcomer.reload();
    await expect(newcomer.getByRole("heading", { level: 1 })).toContainText("First Five");
    await expect(items).toHaveCount(0);
    expect(newcomerProblems).toEqual([]);
  } finally {
    await fresh.close();
  }
});
