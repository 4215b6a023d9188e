import { expect, test } from "@playwright/test";
import { createKey, registerAndLogin, screenshot, signIn, watchConsole } from "./helpers";

// The Analytics page on a fresh organization: sandbox messages and one-time codes sent through the
// API appear in its figures, charts, countries and OTP funnel; the live toggle shows the empty
// state; a custom range upside down is refused before asking the server.

test("analytics: figures, charts, countries and the OTP funnel from sandbox traffic", async ({ page, request }) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const { email, accessToken } = await registerAndLogin(request);
  const key = await createKey(request, accessToken, { environment: "test" });
  const auth = { authorization: `Bearer ${key.rawKey}` };
  // 6 messages: 4 to the US (one of them the sandbox's failing number), 2 to the UK; 2 codes, 1 verified.
  const sends = [
    { to: "+14155550123", body: "one" },
    { to: "+14155550124", body: "two" },
    { to: "+15005550001", body: "fails" },
    { to: "+447400123456", body: "uk one" },
    { to: "+447400123457", body: "uk two" },
  ];
  for (const data of sends)
    expect((await request.post("/api/v1/sms/send", { headers: auth, data })).status()).toBe(202);
  const otp = await (await request.post("/api/v1/otp/send", { headers: auth, data: { to: "+14155550199" } })).json();
  await request.post("/api/v1/otp/send", { headers: auth, data: { to: "+14155550198" } });
  const status = await (await request.get(`/api/v1/sms/${otp.messageId}/status`, { headers: auth })).json();
  const code = /\d{6}/.exec(status.body as string)![0];
  const verified = await request.post("/api/v1/otp/verify", { headers: auth, data: { to: "+14155550199", code } });
  expect((await verified.json()).valid).toBe(true);

  await signIn(page, email);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Analytics" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  // 5 messages + 2 code messages.
  await expect(page.getByTestId("figure-sent")).toHaveText("7");
  await expect(page.getByTestId("figure-otp-conversion")).toHaveText("50.0 %");
  const countries = page.getByTestId("top-countries");
  await expect(countries.getByRole("row").nth(1)).toContainText("United States");
  await expect(countries.getByRole("row").nth(2)).toContainText("United Kingdom");
  await expect(page.getByTestId("otp-funnel")).toContainText("Codes sent");
  // The sandbox delivers within seconds: the delivery rate settles once the receipts are in.
  await expect
    .poll(
      async () => {
        await page.getByRole("radio", { name: "30 days" }).click();
        await page.getByRole("radio", { name: "7 days" }).click();
        return page.getByTestId("figure-delivery-rate").textContent();
      },
      { timeout: 20_000 },
    )
    .toMatch(/^\d+\.\d %$/);
  await screenshot(page, "analytics");

  await page.getByRole("radio", { name: "Live" }).click();
  await expect(page.getByText("No live messages in this range")).toBeVisible();
  await screenshot(page, "analytics-empty");

  await page.getByRole("radio", { name: "Sandbox" }).click();
  await page.getByRole("radio", { name: "Custom" }).click();
  await page.getByLabel("First day").fill("2026-11-20");
  await page.getByLabel("Last day").fill("2026-11-10");
  await expect(page.getByTestId("analytics-controls").getByRole("alert")).toHaveText(
    "The last day is before the first.",
  );
  expect(problems).toEqual([]);
});
