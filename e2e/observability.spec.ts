// contract §16 under the production build: the first shared-PostgreSQL instance (E2E_PORT+1) runs with
// OTEL_EXPORTER_OTLP_ENDPOINT pointing at a receiver this file runs on E2E_PORT+7, and METRICS_TOKEN.
// The bundling trap this guards: instrumentation packages must load once, outside Next's bundles
// (serverExternalPackages), and pg's instrumentation must hook the pg the app uses.
import { expect, test } from "@playwright/test";
import { startOtlpReceiver } from "../server/test/otlp-receiver";
import { parsePrometheusText, sampleValue } from "../server/test/prometheus-text";
import { E2E_METRICS_TOKEN } from "../playwright.config";
import { createKey, PASSWORD, registerAndLogin, screenshot, signUpInBrowser, uniqueEmail } from "./helpers";

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const A = `http://127.0.0.1:${BASE_PORT + 1}`;

test("a live send is traced from its request through its database statements, and counted in /metrics", async ({
  request,
}) => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs PostgreSQL (npm test provides one)");
  const receiver = await startOtlpReceiver(BASE_PORT + 7);
  try {
    const { accessToken } = await registerAndLogin(request, A);
    const key = await createKey(request, accessToken, { environment: "live" }, A);
    const sent = await request.post(`${A}/api/v1/sms/send`, {
      headers: { authorization: `Bearer ${key.rawKey}` },
      data: { to: "+14155550177", body: "traced in production" },
    });
    expect(sent.status()).toBe(202);
    const requestId = sent.headers()["x-request-id"];
    const { messageId } = (await sent.json()) as { messageId: string };

    await expect
      .poll(() => receiver.spans.find((s) => s.attributes["signalgate.request_id"] === requestId)?.name, {
        timeout: 15_000,
      })
      .toBe("POST /api/v1/sms/send");
    const root = receiver.spans.find((s) => s.attributes["signalgate.request_id"] === requestId)!;
    // The send's database statements are spans of its trace in the built app: Prisma's (db.system.name)
    // or pg's (db.system), whichever instrumentation sees them.
    await expect
      .poll(
        () =>
          receiver.spans.filter(
            (s) =>
              s.traceId === root.traceId &&
              (s.attributes["db.system"] === "postgresql" || s.attributes["db.system.name"] === "postgresql"),
          ).length,
      )
      .toBeGreaterThan(0);
    // The hand-off continues the trace when this instance takes the message (the other instance
    // sharing the database may win the claim: then it is not exported here).
    const handOff = receiver.spans.find(
      (s) => s.name === "carrier hand-off" && s.attributes["signalgate.message_id"] === messageId,
    );
    if (handOff) expect(handOff.traceId).toBe(root.traceId);

    const scrape = await request.get(`${A}/metrics`, { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
    expect(scrape.status()).toBe(200);
    const { samples } = parsePrometheusText(await scrape.text());
    expect(
      sampleValue(samples, "signalgate_http_requests_total", { route: "/api/v1/sms/send", status: "202" }),
    ).toBeGreaterThan(0);
    expect(sampleValue(samples, "signalgate_messages_accepted_total", { environment: "live" })).toBeGreaterThan(0);
  } finally {
    await receiver.close();
  }
});

test("the Logs page shows a failed request side by side, linking its error code to the error reference; alerts", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("logs");
  await signUpInBrowser(page, { name: "Lee Logs", email, password: PASSWORD, organization: "Logs org" });
  const token = await request.post("/api/v1/auth/token", { data: { email, password: PASSWORD } });
  const { accessToken } = (await token.json()) as { accessToken: string };
  const key = await createKey(request, accessToken);
  const bad = await request.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${key.rawKey}` },
    data: { to: "12", body: "hello" },
  });
  expect(bad.status()).toBe(400);
  const requestId = bad.headers()["x-request-id"];

  await page.goto("/dashboard/logs");
  const row = page.getByTestId("request-log-row").filter({ hasText: "invalid_phone_number" });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.click();
  const detail = page.getByTestId("request-log-detail");
  await expect(detail).toContainText('"to": "12"');
  await expect(detail.getByRole("link", { name: "invalid_phone_number" })).toHaveAttribute(
    "href",
    "/docs/errors#invalid_phone_number",
  );
  await expect(page).toHaveURL(new RegExp(`id=${requestId}`));
  await screenshot(page, "request-log-detail", { fullPage: false });

  await page.goto("/dashboard/alerts");
  await page.getByRole("button", { name: "Add alert" }).click();
  await expect(page.getByTestId("alert-row")).toContainText("Error rate rises above 5.0 %");
  await screenshot(page, "alerts");

  // A dashboard error links to its own request-log entry (issue 42): a window the API refuses.
  await page.getByLabel("Window in minutes").fill("1");
  await page.getByRole("button", { name: "Add alert" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Some fields are not valid." });
  await expect(toast.getByRole("link", { name: "invalid_request" })).toHaveAttribute(
    "href",
    "/docs/errors#invalid_request",
  );
  // Still sliding in: wait for the toast's transitions before the picture.
  await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  await screenshot(page, "error-toast-with-log-link", { fullPage: false });
  await toast.getByRole("link", { name: "View request log" }).click();
  await expect(page).toHaveURL(/\/dashboard\/logs\?id=req_/);
  const failed = page.getByTestId("request-log-detail");
  await expect(failed).toContainText("POST /api/trpc/alerts.create");
  await expect(failed.getByRole("link", { name: "invalid_request" })).toBeVisible();
  await expect(failed).toContainText('"windowMinutes": 1');
  await screenshot(page, "error-log-entry", { fullPage: false });

  await page.goto("/docs/errors#invalid_phone_number");
  await expect(page.locator("#invalid_phone_number")).toContainText("HTTP 400");
  await screenshot(page, "error-reference", { fullPage: false });
});
