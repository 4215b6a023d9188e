import { expect, test } from "@playwright/test";
import { createKey, messageStatus, PASSWORD, registerAndLogin, watchConsole } from "./helpers";

// sg_live_ traffic through a real SMPP session: the e2e server is configured with SMS_PROVIDER=smpp
// against e2e/smsc.ts, a test SMSC that answers at once and sends a DELIVRD receipt shortly after.
// The Overview shows the session bound; a live message goes QUEUED → SENT → DELIVERED and its drawer
// shows the provider and the SMSC's message id.

const SHOTS = "test-results/screenshots";

test("a live SMS reaches the SMSC, comes back DELIVERED, and the Overview shows the SMPP session bound", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const { email, accessToken } = await registerAndLogin(request);
  const live = await createKey(request, accessToken, { name: "live e2e", environment: "live" });
  const sent = await request.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${live.rawKey}` },
    data: { to: "+14155550177", body: "Live over SMPP" },
  });
  expect(sent.status(), await sent.text()).toBe(202);
  const { messageId } = (await sent.json()) as { messageId: string };

  // The status endpoint follows the carrier's receipt; live bodies are never echoed back.
  await expect
    .poll(async () => (await messageStatus(request, live.rawKey, messageId)).status, { timeout: 20_000 })
    .toBe("DELIVERED");

  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const providers = page.getByTestId("providers");
  await expect(providers).toContainText("SMPP");
  await expect(providers).toContainText("primary");
  await expect(providers).toContainText("bound");
  await page.screenshot({ path: `${SHOTS}/overview-providers.png`, fullPage: true });

  await page.goto(`/dashboard/messages?message=${messageId}`);
  const drawer = page.getByRole("dialog", { name: /^Message/ });
  await expect(drawer.locator('[data-status="DELIVERED"]')).toBeVisible({ timeout: 15_000 });
  await expect(drawer.getByRole("list", { name: "Status timeline" }).getByRole("listitem")).toHaveText([
    /Queued/,
    /Sent/,
    /Delivered/,
  ]);
  await expect(drawer.getByText("smpp", { exact: true })).toBeVisible();
  // The SMSC's ids are hexadecimal counters: the one its receipt named.
  await expect(drawer.getByText(/^[0-9a-f]{4,}$/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/messages-drawer-live-smpp.png` });
  expect(problems).toEqual([]);
});
