import { expect, test } from "@playwright/test";
import { createKey, registerAndLogin, screenshot, signIn, watchConsole } from "./helpers";

// The fraud guard as a developer meets it (contract §12): pumped OTP sends get 403
// suspected_fraud, the Fraud guard page explains the block and unblocks it, and the OTP page marks
// the refused attempts.

test("a pumped prefix is blocked, explained on the Fraud guard page, marked on the OTP page, and unblocked", async ({
  page,
  request,
}) => {
  const problems = watchConsole(page, { allow400: true });
  const { email, accessToken } = await registerAndLogin(request);
  const { rawKey } = await createKey(request, accessToken, { environment: "test" });
  const auth = { authorization: `Bearer ${rawKey}` };
  const statuses: number[] = [];
  for (let i = 0; i < 13; i++) {
    const res = await request.post("/api/v1/otp/send", { headers: auth, data: { to: `+1212736${1000 + i}` } });
    statuses.push(res.status());
    if (res.status() === 403) expect((await res.json()).error.code).toBe("suspected_fraud");
  }
  expect(statuses.filter((s) => s === 202)).toHaveLength(10);
  expect(statuses.filter((s) => s === 403)).toHaveLength(3);

  await signIn(page, email);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Fraud guard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fraud guard" })).toBeVisible();
  const row = page.getByTestId("fraud-block-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("+1212736");
  await expect(row).toContainText("Blocked");
  await expect(row).toContainText(
    "10 OTP codes were sent to numbers starting +1212736 (US) in one hour and 0 verified",
  );
  await screenshot(page, "fraud-guard");

  await page.goto("/dashboard/otp");
  await expect(page.getByTestId("blocked-attempt-row")).toHaveCount(3);
  await screenshot(page, "otp-blocked-attempts");

  await page.goto("/dashboard/fraud-guard");
  await page.getByLabel("Number or prefix").fill("+1415555");
  await page.getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("list", { name: "Safe list" })).toContainText("+1415555");
  await row.getByRole("button", { name: "Unblock" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unblock" }).click();
  await expect(row).toContainText("Unblocked");
  const again = await request.post("/api/v1/otp/send", { headers: auth, data: { to: "+12127362000" } });
  expect(again.status()).toBe(202);
  expect(problems).toEqual([]);
});
