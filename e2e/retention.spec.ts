import { expect, test } from "@playwright/test";
import { PASSWORD, signUpInBrowser, watchConsole } from "./helpers";

// The pages whose data retention deletes say how long it is kept, from the server's configuration
// (the e2e servers run with contract §9's defaults).

const SHOTS = "test-results/screenshots";

test("Messages, Delivery logs and Audit log say how long their data is kept", async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await signUpInBrowser(page, {
    name: "Rita Retention",
    email: `retention-${stamp}@example.test`,
    password: PASSWORD,
    organization: `Retention ${stamp}`,
  });
  const nav = page.getByRole("navigation", { name: "Main" });
  const pages = [
    {
      link: "Messages",
      file: "messages",
      text: /Messages are kept 400 days.*Live message bodies are removed after 30 days/,
    },
    { link: "Delivery logs", file: "delivery-logs", text: /Webhook deliveries and their attempts are kept 30 days/ },
    { link: "Audit log", file: "audit-log", text: /Audit log entries are kept 365 days/ },
  ];
  for (const p of pages) {
    await nav.getByRole("link", { name: p.link }).click();
    const notice = page.getByTestId("retention-notice");
    await expect(notice).toHaveText(p.text);
    await page.screenshot({ path: `${SHOTS}/retention-${p.file}.png`, fullPage: true });
  }
  expect(problems).toEqual([]);
});
