import { expect, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";

export const PASSWORD = "correct horse battery";

const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * The production servers each feature area is proven on (issue 37 §3, docs/testing.md): the one on
 * PGlite (Playwright's baseURL) and, when `npm test` provides PostgreSQL, the first of the two that
 * share it. `suffix` keeps the PGlite test's name as it was.
 */
export const DATABASES = [
  { name: "PGlite", suffix: "", baseUrl: `http://127.0.0.1:${E2E_BASE_PORT}` },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "PostgreSQL", suffix: " (PostgreSQL)", baseUrl: `http://127.0.0.1:${E2E_BASE_PORT + 1}` }]
    : []),
] as const;

export function uniqueEmail(tag = "e2e"): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** The contract's error shape, with requestId equal to the X-Request-Id header. */
export async function expectError(res: APIResponse, status: number, code: string) {
  const body = await res.json();
  expect({ status: res.status(), code: body?.error?.code }).toEqual({ status, code });
  expect(typeof body.error.message).toBe("string");
  expect(body.error.requestId).toBe(res.headers()["x-request-id"]);
  return body;
}

/** A send the service accepted (202), with its body. */
export async function expectAccepted(res: APIResponse) {
  expect(res.status(), await res.text()).toBe(202);
  return res.json();
}

export async function registerAndLogin(request: APIRequestContext, base = "") {
  const email = uniqueEmail();
  const reg = await request.post(`${base}/api/v1/auth/register`, {
    data: { email, password: PASSWORD, organizationName: "E2E Org" },
  });
  expect(reg.status()).toBe(201);
  const tok = await request.post(`${base}/api/v1/auth/token`, { data: { email, password: PASSWORD } });
  expect(tok.status()).toBe(200);
  const tokens = (await tok.json()) as { accessToken: string; refreshToken: string };
  return { email, ...tokens };
}

export async function createKey(
  request: APIRequestContext,
  accessToken: string,
  data: Record<string, unknown> = {},
  base = "",
) {
  const res = await request.post(`${base}/api/v1/developer/api-keys`, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { name: "e2e key", ...data },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; rawKey: string };
}

export const SMS = { to: "+14155550123", body: "hello" };

/** A message's status object (GET /sms/:id/status) with the key that sent it. */
export async function messageStatus(request: APIRequestContext, key: string, messageId: string, base = "") {
  const res = await request.get(`${base}/api/v1/sms/${messageId}/status`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { status: string; body?: string };
}

/**
 * Collects uncaught exceptions and console errors. With `allow400`, the browser's own log line for
 * an expected 400 answer (a form's server-side field error) is not counted.
 */
export function watchConsole(page: Page, { allow400 = false } = {}): string[] {
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    if (allow400 && /Failed to load resource: the server responded with a status of 400/.test(msg.text())) return;
    problems.push(`console: ${msg.text()}`);
  });
  return problems;
}

export interface BrowserSignUp {
  name: string;
  email: string;
  password: string;
  organization: string;
}

/** Fills the open sign-up form and submits it. */
export async function submitSignUp(page: Page, { name, email, password, organization }: BrowserSignUp) {
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Organization name").fill(organization);
  await page.getByRole("button", { name: "Create account" }).click();
}

/** Signs up through the sign-up page and lands on the dashboard. */
export async function signUpInBrowser(page: Page, account: BrowserSignUp) {
  await page.goto("/sign-up");
  await submitSignUp(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in through the sign-in page and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A screenshot in test-results/screenshots; full-page ones from the top (the sticky header and sidebar would be painted mid-page otherwise). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });
}

/**
 * The newest link to `pathPrefix` (`/invite/`, `/reset-password?token=`, `/verify-email?token=`)
 * in an email to `to`, read from /dev/mail (the e2e servers have no SMTP_URL), as a same-origin
 * path. Emails are sent by a background job: retried until one shows up.
 */
export async function mailLink(page: Page, to: string, pathPrefix: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.goto("/dev/mail");
    const links = page
      .getByRole("article")
      .filter({ hasText: `To: ${to}` })
      .getByRole("link")
      .filter({ hasText: pathPrefix });
    if ((await links.count()) > 0) {
      const href = (await links.first().getAttribute("href"))!;
      const url = new URL(href);
      return `${url.pathname}${url.search}`;
    }
    if (Date.now() > deadline) throw new Error(`no email to ${to} with ${pathPrefix} at /dev/mail`);
    await page.waitForTimeout(500);
  }
}

/**
 * From the Members page (signed in as an owner or admin): invite `email` as `role`, then join as
 * the invitee would, in a fresh browser context (the link from /dev/mail, a name and a password).
 * `page` stays signed in as the inviter.
 */
export async function inviteAndJoin(
  page: Page,
  email: string,
  role: string,
  password: string,
  name = "Invited Person",
) {
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite member" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Role").selectOption(role);
  await dialog.getByRole("button", { name: /^(Send|Create) invitation$/ }).click();
  // Creating the invitation and its email job is a write or two; a loaded machine may take seconds.
  // The dialog ends with the link to copy (the e2e servers send no email).
  const created = page.getByRole("dialog", { name: "Invitation created" });
  const link = await created.getByTestId("invitation-link").textContent({ timeout: 20_000 });
  await created.getByRole("button", { name: "Done" }).click();
  await expect(created).toBeHidden();
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  try {
    const invitee = await context.newPage();
    // PUBLIC_BASE_URL is localhost; the tests use 127.0.0.1: the same path on this origin.
    await invitee.goto(new URL(link!.trim()).pathname);
    await invitee.getByLabel("Your name").fill(name);
    await invitee.getByLabel("Password").fill(password);
    await invitee.getByRole("button", { name: /^Create account and join/ }).click();
    await expect(invitee).toHaveURL(/\/dashboard$/);
  } finally {
    await context.close();
  }
}

/**
 * The owner `ownerEmail` invites a support member from the Members page, signs out, and `page`
 * signs in as that member. Answers the member's email and password (for their API token).
 */
export async function signInAsNewSupportMember(page: Page, ownerEmail: string, label: string) {
  const email = `support-${label}-${Date.now().toString(36)}@example.test`;
  const password = "support-password-1";
  await signIn(page, ownerEmail);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Members" }).click();
  await inviteAndJoin(page, email, "support", password);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signIn(page, email, password);
  return { email, password };
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Screenshots `name-1440` and `name-390` (what is on screen), then back to the desktop size. */
export async function shootBoth(page: Page, name: string) {
  for (const [size, viewport] of [
    ["1440", DESKTOP],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `test-results/screenshots/${name}-${size}.png` });
  }
  await page.setViewportSize(DESKTOP);
}
