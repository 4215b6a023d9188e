import { expect, test } from "@playwright/test";
import { createKey, expectError, registerAndLogin, screenshot, shootBoth, signIn, watchConsole } from "./helpers";

// Inbound SMS in the dashboard (issue 17, items 5 and 6): a sandbox phone writes, asks for HELP (the
// organization's own reply, set on the Numbers page) and sends STOP; the Inbox shows the
// conversation both ways, the Opt-outs page the keyword opt-out, and a send to it is refused.

const PHONE = "+14155550166";

test("inbox: a conversation with HELP and STOP, the reply settings, the opt-out and the refused send", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const { email, accessToken } = await registerAndLogin(request);
  const key = await createKey(request, accessToken, { name: "sandbox inbound" });
  const headers = { authorization: `Bearer ${key.rawKey}` };
  await signIn(page, email);
  const nav = page.getByRole("navigation", { name: "Main" });

  await nav.getByRole("link", { name: "Inbox" }).click();
  await expect(page.getByText("No inbound messages yet")).toBeVisible();

  // The organization's HELP reply, from the Numbers page.
  await nav.getByRole("link", { name: "Numbers" }).click();
  await expect(page.getByText("No numbers yet")).toBeVisible();
  await page.getByLabel("HELP reply").fill("Acme support: reply STOP to opt out, or call 555-0100.");
  await page.getByRole("button", { name: "Save replies" }).click();
  await expect(page.getByText("Saved")).toBeVisible();
  await screenshot(page, "numbers-inbound-settings");

  const inbound = (body: string) => request.post("/api/v1/sms/inbound", { headers, data: { from: PHONE, body } });
  for (const body of ["Hi, is my order shipped?", "help", "STOP"]) expect((await inbound(body)).status()).toBe(201);

  await nav.getByRole("link", { name: "Inbox" }).click();
  const conversations = page.getByRole("navigation", { name: "Conversations" });
  await expect(conversations.getByRole("button", { name: new RegExp(PHONE.replace("+", "\\+")) })).toContainText(
    "STOP",
  );
  const thread = page.getByTestId("thread");
  await expect(thread.locator('[data-direction="inbound"]')).toHaveCount(3);
  await expect(thread.locator('[data-direction="outbound"]')).toHaveCount(2);
  await expect(thread).toContainText("Acme support: reply STOP to opt out, or call 555-0100.");
  await screenshot(page, "inbox");

  // The sandbox's own "a phone writes to you", and a reply from the thread.
  await page.getByRole("button", { name: "Simulate an inbound message" }).click();
  const simulate = page.getByRole("dialog", { name: "Simulate an inbound message" });
  await simulate.getByLabel("From").fill("+14155550167");
  await simulate.getByLabel("Message").fill("Do you ship to Oakland?");
  await simulate.getByRole("button", { name: "Receive message" }).click();
  await expect(simulate).toBeHidden();
  await expect(page).toHaveURL(/phone=%2B14155550167/);
  await expect(thread.locator('[data-direction="inbound"]')).toHaveText(/Do you ship to Oakland\?/);
  await page.getByLabel("Reply to +14155550167").fill("We do, next day.");
  await page.getByLabel("Reply to +14155550167").press("Enter");
  await expect(thread.locator('[data-direction="outbound"]')).toContainText("We do, next day.");
  await expect(page.getByLabel("Reply to +14155550167")).toHaveValue("");
  await shootBoth(page, "inbox-reply");

  await nav.getByRole("link", { name: "Opt-outs" }).click();
  await expect(page.getByRole("row").filter({ hasText: PHONE })).toContainText("Replied STOP");
  await expectError(
    await request.post("/api/v1/sms/send", { headers, data: { to: PHONE, body: "one more?" } }),
    400,
    "recipient_opted_out",
  );
  expect(problems).toEqual([]);
});
