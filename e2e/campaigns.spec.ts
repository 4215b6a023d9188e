import { expect as baseExpect, test, type APIRequestContext } from "@playwright/test";
import {
  createKey,
  expectError,
  registerAndLogin,
  screenshot,
  signIn,
  shootBoth,
  signInAsNewSupportMember,
  watchConsole,
} from "./helpers";

// Campaigns in the dashboard (contract §11, issue 27): a sandbox campaign built in the builder (live
// recipient count, variables, segment counter, preview for a chosen contact, cost), a test send,
// launch, pause and resume behind confirmations, then a tracked link followed like a phone would
// and the click on the campaign page.

const CONTACTS = 30;
// The campaign moves in the background and pages poll it: generous waits on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

async function seedContacts(request: APIRequestContext, key: string) {
  for (let i = 0; i < CONTACTS; i++) {
    const res = await request.post("/api/v1/contacts", {
      headers: { authorization: `Bearer ${key}` },
      data: { phone: `+1415555${String(3000 + i)}`, firstName: i === 0 ? "Ada" : `Guest${i}`, tags: ["vip"] },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  // Not in the audience.
  await request.post("/api/v1/contacts", {
    headers: { authorization: `Bearer ${key}` },
    data: { phone: "+14155553999", firstName: "Outsider", tags: ["staff"] },
  });
}

test("build, test-send, launch, pause and resume a sandbox campaign; follow a tracked link; see the click", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  const { email, accessToken } = await registerAndLogin(request);
  const { rawKey } = await createKey(request, accessToken, { environment: "test" });
  await seedContacts(request, rawKey);
  await signIn(page, email);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Campaigns" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
  await expect(page.getByText("No campaigns yet")).toBeVisible();
  await screenshot(page, "campaigns-empty");
  await page.getByRole("link", { name: "New campaign" }).click();

  // The builder: audience with a live count, the message with a variable and a link.
  await expect(page.getByRole("heading", { level: 1, name: "New campaign" })).toBeVisible();
  await page.getByLabel("Name").fill("Spring sale");
  await page.getByLabel("Contacts tagged").fill("vip");
  await expect(page.getByTestId("recipient-count")).toHaveText(String(CONTACTS));
  // The starting template's fallback preview: one space before the footer, not two.
  await expect(page.getByTestId("preview-text")).toHaveText("Hi there, Reply STOP to opt out.");
  const template = page.getByTestId("template-input");
  await template.fill("Hi {{nickname}}");
  await expect(page.getByText(/Unknown variable \{\{nickname\}\}/)).toBeVisible();
  await template.fill("");
  await page.getByRole("button", { name: "{{firstName}}" }).click();
  await template.press("End");
  // A shop's page: a public address (link tracking refuses loopback and private ones).
  const landing = "https://shop.example/spring?utm=sms";
  await template.pressSequentially(`, spring sale today: ${landing}`);
  await expect(template).toHaveValue(`{{firstName|there}}, spring sale today: ${landing}`);
  await expect(page.getByTestId("segment-counter")).toContainText("1 segment · GSM-7");
  await page.getByLabel("Throttle").fill("60");

  // The preview for a chosen contact of the audience (a contact outside it is not offered), and the
  // cost (sandbox: free).
  await page.getByLabel("Search contacts").fill("Outsider");
  await expect(page.getByLabel("Preview for contact").locator("option")).toHaveCount(1);
  await page.getByLabel("Search contacts").fill("Ada");
  await page.getByLabel("Preview for contact").selectOption({ label: "Ada · +14155553000" });
  await expect(page.getByTestId("preview-text")).toContainText(
    /^Ada, spring sale today: http:\/\/localhost:\d+\/l\/x{12} Reply STOP to opt out\.$/,
  );
  await expect(page.getByTestId("preview-facts")).toContainText("1 segment · GSM-7");
  await expect(page.getByTestId("cost-estimate")).toHaveText("0.0000 USD");
  await screenshot(page, "campaigns-builder");
  await page.getByRole("button", { name: "Save draft" }).click();

  // Saved: the campaign page opens in the builder, with a test send and Launch.
  await expect(page).toHaveURL(/\/dashboard\/campaigns\/cmp_/);
  const campaignId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: "Spring sale" })).toBeVisible();
  await page.getByLabel("Test phone number").fill("+14155550100");
  await page.getByRole("button", { name: "Send test" }).click();
  // Said under the button (a toast covered it), with the way to the message.
  const queued = page.getByTestId("test-send-result");
  await expect(queued).toHaveText("Test message queued to +14155550100. View it in Messages");
  await shootBoth(page, "campaigns-test-sent");
  // The test message is the message as it will be sent: a real short link, which redirects to the
  // original URL. Its tap is not a campaign click (the stats below count the recipient's tap only).
  const testMessageId = /msg_\w+/.exec((await queued.getByRole("link").getAttribute("href")) ?? "")![0];
  const testMessage = await request.get(`/api/v1/sms/${testMessageId}/status`, {
    headers: { authorization: `Bearer ${rawKey}` },
  });
  const testBody = ((await testMessage.json()) as { body: string }).body;
  expect(testBody).not.toContain(landing);
  const testCode = /\/l\/([0-9A-Za-z]{12})/.exec(testBody)![1]!;
  const testTap = await request.get(`/l/${testCode}`, { maxRedirects: 0 });
  expect(testTap.status()).toBe(302);
  expect(testTap.headers().location).toBe(landing);

  await page.getByRole("button", { name: "Launch" }).click();
  const launch = page.getByRole("dialog", { name: "Launch this campaign?" });
  await expect(launch).toContainText(`its audience (${CONTACTS} contacts) is fixed`);
  await expect(launch).toContainText("through the sandbox (free)");
  await screenshot(page, "campaigns-launch-confirm", { fullPage: false });
  await launch.getByRole("button", { name: "Launch" }).click();
  await expect(page.locator('[data-status="RUNNING"]')).toBeVisible();

  // Throttled to one a second: pause once a few are out, then resume.
  await expect
    .poll(async () => Number((await page.getByTestId("stat-sent").textContent()) ?? 0), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);
  await page.getByRole("button", { name: "Pause" }).click();
  await page.getByRole("dialog", { name: "Pause this campaign?" }).getByRole("button", { name: "Pause" }).click();
  await expect(page.locator('[data-status="PAUSED"]')).toBeVisible();
  const sentWhenPaused = Number(await page.getByTestId("stat-sent").textContent());
  await screenshot(page, "campaigns-paused");
  await page.waitForTimeout(3_000);
  await page.reload();
  await expect(page.getByTestId("stat-sent")).toHaveText(String(sentWhenPaused));

  await page.getByRole("button", { name: "Resume" }).click();
  await page.getByRole("dialog", { name: "Resume this campaign?" }).getByRole("button", { name: "Resume" }).click();
  await expect(page.locator('[data-status="RUNNING"]')).toBeVisible();

  // A recipient's message carries its own short link: a preview bot and a HEAD do not count, a tap does.
  const recipients = await request.get(`/api/v1/campaigns/${campaignId}/recipients?status=ACCEPTED`, {
    headers: { authorization: `Bearer ${rawKey}` },
  });
  expect(recipients.status(), await recipients.text()).toBe(200);
  const [first] = (await recipients.json()) as { messageId: string }[];
  const message = await request.get(`/api/v1/sms/${first!.messageId}/status`, {
    headers: { authorization: `Bearer ${rawKey}` },
  });
  const body = ((await message.json()) as { body: string }).body;
  const code = /\/l\/([0-9A-Za-z]{12})/.exec(body)![1]!;
  const bot = await request.get(`/l/${code}`, {
    maxRedirects: 0,
    headers: { "user-agent": "facebookexternalhit/1.1 Facebot Twitterbot/1.0" },
  });
  expect(bot.status()).toBe(302);
  expect((await request.head(`/l/${code}`, { maxRedirects: 0 })).status()).toBe(302);
  expect((await request.get("/l/AAAAAAAAAAAA", { maxRedirects: 0 })).status()).toBe(404);

  // A recipient's tap: a 302 to the original URL (a public shop, not reachable from here), counted.
  const tap = await request.get(`/l/${code}`, { maxRedirects: 0 });
  expect(tap.status()).toBe(302);
  expect(tap.headers().location).toBe(landing);

  await page.goto(`/dashboard/campaigns/${campaignId}`);
  await expect(page.getByTestId("stat-clicks")).toHaveText("1");
  await expect(page.getByTestId("stat-unique-clicks")).toHaveText("1");
  await expect(page.getByTestId("campaign-chart")).toBeVisible();
  await expect(page.getByTestId("recipient-row").first()).toBeVisible();
  // Statuses in words, as Messages writes them.
  await expect(page.getByTestId("recipient-row").first()).not.toContainText(/\b(QUEUED|SENT|DELIVERED)\b/);
  await screenshot(page, "campaigns-detail");
  // The test send is a campaign test in Messages, not a "Dashboard test".
  await page.goto(`/dashboard/messages?message=${testMessageId}`);
  await expect(page.getByRole("dialog", { name: /^Message/ })).toContainText("Campaign test");

  await page.goto("/dashboard/campaigns");
  await expect(page.getByTestId("campaign-row")).toHaveCount(1);
  await screenshot(page, "campaigns-list");
  expect(problems).toEqual([]);
});

test("support sees campaigns read-only: no builder, no launch, pause or cancel, and the API refuses every change", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const { email, accessToken } = await registerAndLogin(request);
  const { rawKey } = await createKey(request, accessToken, { environment: "test" });
  const auth = { authorization: `Bearer ${rawKey}` };
  for (let i = 0; i < 3; i++) {
    const res = await request.post("/api/v1/contacts", {
      headers: auth,
      data: { phone: `+1415555${String(3100 + i)}`, firstName: `Reader${i}`, tags: ["vip"] },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const create = async (name: string) => {
    const res = await request.post("/api/v1/campaigns", {
      headers: auth,
      data: { name, audience: { tags: ["vip"] }, template: "Hi {{firstName|there}}, new arrivals today." },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const draftId = await create("Autumn draft");
  const runId = await create("Summer sale");
  // Throttled so it is still RUNNING when support looks at it: Pause and Cancel would be offered to a manager.
  const throttle = await request.patch(`/api/v1/campaigns/${runId}`, { headers: auth, data: { throttlePerMinute: 1 } });
  expect(throttle.status(), await throttle.text()).toBe(200);
  expect((await request.post(`/api/v1/campaigns/${runId}/launch`, { headers: auth })).status()).toBe(200);

  // The owner invites a support member, who signs in.
  const supportMember = await signInAsNewSupportMember(page, email, "campaigns");
  const nav = page.getByRole("navigation", { name: "Main" });

  // The list: both campaigns, no "New campaign".
  await nav.getByRole("link", { name: "Campaigns" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
  await expect(page.getByTestId("campaign-row")).toHaveCount(2);
  await expect(page.getByRole("link", { name: "New campaign" })).toHaveCount(0);
  await screenshot(page, "campaigns-list-support");

  // A draft opens read-only: no builder, no test send, no launch or delete.
  await page.getByRole("link", { name: "Autumn draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Autumn draft" })).toBeVisible();
  await expect(page.locator('[data-status="DRAFT"]')).toBeVisible();
  await expect(page.getByText("Hi {{firstName|there}}, new arrivals today.")).toBeVisible();
  for (const name of ["Launch", "Save draft", "Send test", "Delete campaign", "Pause", "Cancel"])
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  await expect(page.getByLabel("Test phone number")).toHaveCount(0);
  await expect(page.getByLabel("Name")).toHaveCount(0);
  await screenshot(page, "campaigns-draft-support");

  // A running campaign: its progress and recipients, no pause, resume or cancel.
  await page.goto(`/dashboard/campaigns/${runId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Summer sale" })).toBeVisible();
  await expect(page.locator('[data-status="RUNNING"]')).toBeVisible();
  await expect(page.getByTestId("campaign-progress")).toContainText("of 3 recipients");
  for (const name of ["Pause", "Resume", "Cancel", "Launch", "Delete campaign"])
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  await screenshot(page, "campaigns-running-support");

  // The builder itself is not for support.
  await page.goto("/dashboard/campaigns/new");
  await expect(page.getByText("You don't have access to this page")).toBeVisible();

  // The API: support's token reads, and every change is 403 forbidden.
  const token = await request.post("/api/v1/auth/token", {
    data: { email: supportMember.email, password: supportMember.password },
  });
  expect(token.status()).toBe(200);
  const support = { authorization: `Bearer ${((await token.json()) as { accessToken: string }).accessToken}` };
  expect((await request.get("/api/v1/campaigns", { headers: support })).status()).toBe(200);
  expect((await request.get(`/api/v1/campaigns/${runId}/recipients`, { headers: support })).status()).toBe(200);
  await expectError(
    await request.post("/api/v1/campaigns", {
      headers: support,
      data: { name: "x", template: "Hi" },
    }),
    403,
    "forbidden",
  );
  await expectError(
    await request.patch(`/api/v1/campaigns/${draftId}`, { headers: support, data: { name: "Renamed" } }),
    403,
    "forbidden",
  );
  await expectError(await request.delete(`/api/v1/campaigns/${draftId}`, { headers: support }), 403, "forbidden");
  await expectError(
    await request.post(`/api/v1/campaigns/${draftId}/test`, { headers: support, data: { to: "+14155550100" } }),
    403,
    "forbidden",
  );
  for (const [id, action] of [
    [draftId, "launch"],
    [runId, "pause"],
    [runId, "resume"],
    [runId, "cancel"],
  ] as const) {
    await expectError(await request.post(`/api/v1/campaigns/${id}/${action}`, { headers: support }), 403, "forbidden");
  }
  // Nothing changed.
  const draft = await request.get(`/api/v1/campaigns/${draftId}`, { headers: support });
  expect(await draft.json()).toMatchObject({ name: "Autumn draft", status: "DRAFT" });
  expect(problems).toEqual([]);
});
