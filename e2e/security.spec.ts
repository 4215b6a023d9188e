import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { PASSWORD, expectError, submitSignUp, uniqueEmail, watchConsole } from "./helpers";

// Issue 10: security headers, a nonce CSP that the pages really run under, cookie attributes,
// cross-site refusal on tRPC and server actions, and the sign-in form's brute-force limit.

const SHOTS = "test-results/screenshots";

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every CSP violation the page reports (init scripts are not subject to the CSP). */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile})`);
    });
  });
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

function expectStaticHeaders(res: APIResponse) {
  const h = res.headers();
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(h["x-frame-options"]).toBe("DENY");
  // The e2e server runs a production build.
  expect(h["strict-transport-security"]).toMatch(/^max-age=\d+; includeSubDomains$/);
  expect(h["x-powered-by"]).toBeUndefined();
}

test("pages: a fresh nonce per request on every script, no inline-script allowance, no violations", async ({
  page,
  request,
}) => {
  // The API reference renders a large document in the browser: tens of seconds on a busy machine.
  test.setTimeout(90_000);
  const nonces = new Set<string>();
  for (const path of ["/sign-in", "/sign-up", "/docs"]) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expectStaticHeaders(res);
    const csp = res.headers()["content-security-policy"]!;
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
    nonces.add(nonce);
    // Next put the nonce it read from the request's CSP on each of its scripts.
    const html = await res.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(2);
    for (const tag of scripts) expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`);
  }
  expect(nonces.size).toBe(3);

  // And the browser runs them: the sign-in form hydrates and answers, the reference renders.
  const problems = watchConsole(page);
  await watchCsp(page);
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("The email or password is incorrect.")).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);

  await page.goto("/docs");
  // The reference (Scalar) loads in the browser from our own bundles and fetches openapi.json.
  const sidebar = page.getByRole("navigation", { name: /^Sidebar for/ });
  await expect(sidebar).toBeVisible({ timeout: 30_000 });
  await sidebar.getByRole("button", { name: /^SMS (Open|Close) Group$/ }).click();
  await sidebar.getByRole("button", { name: /^Send an SMS/ }).click();
  await expect(page.getByRole("heading", { name: "Send an SMS", exact: true })).toBeVisible();
  await expect(page.locator("code").filter({ hasText: "/api/v1/sms/send" }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/docs-under-csp.png` });
  expect(await cspViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test("dashboard under the CSP, with a session cookie that is HttpOnly, SameSite=Lax and Secure", async ({
  page,
  context,
}) => {
  const problems = watchConsole(page, { allow400: true });
  await watchCsp(page);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.goto("/sign-up");
  await submitSignUp(page, {
    name: "Cass Csp",
    email: `csp-${stamp}@example.test`,
    password: PASSWORD,
    organization: `CSP ${stamp}`,
  });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Getting started")).toBeVisible();

  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [item, heading] of [
    ["API keys", "API keys"],
    ["Messages", "Messages"],
    ["Webhooks", "Webhooks"],
    ["Rate limits", "Rate limits"],
    ["Members", "Members"],
  ]) {
    await nav.getByRole("link", { name: item, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  // A full load of a dashboard page (not a client-side navigation) and a tRPC mutation.
  await page.goto("/dashboard/api-keys");
  await page.getByRole("button", { name: "Create API key" }).first().click();
  const create = page.getByRole("dialog", { name: "Create API key" });
  await create.getByLabel("Name").fill("csp key");
  await create.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("dialog", { name: "API key created" })).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);
  expect(problems).toEqual([]);

  const session = (await context.cookies()).find((c) => c.name.endsWith("authjs.session-token"));
  expect(session).toMatchObject({
    name: "__Secure-authjs.session-token",
    httpOnly: true,
    sameSite: "Lax",
    secure: true,
  });
  const org = (await context.cookies()).find((c) => c.name === "sg_org");
  if (org) expect(org).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true });
});

test("API responses: static security headers and a locked CSP, no nonce work", async ({ request }) => {
  for (const res of [
    await request.get("/api/health"),
    await request.get("/api/v1/openapi.json"),
    await request.get("/api/v1/developer/api-keys"),
    await request.post("/api/v1/auth/token", { data: { email: "x" } }),
  ]) {
    expectStaticHeaders(res);
    expect(res.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  }
});

test("tRPC and server actions refuse cross-site requests; same-origin and non-browser clients pass", async ({
  request,
  page,
  baseURL,
}) => {
  const evil = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
  const trpc = await request.post("/api/trpc/organizations.create", { headers: evil, data: { json: { name: "x" } } });
  await expectError(trpc, 403, "forbidden");
  const trpcGet = await request.get("/api/trpc/apiKeys.list", { headers: { "sec-fetch-site": "cross-site" } });
  await expectError(trpcGet, 403, "forbidden");
  // No Origin (curl, scripts): tRPC answers as usual (here: not signed in).
  const plain = await request.get("/api/trpc/apiKeys.list");
  expect(plain.status()).toBe(401);
  expect((await plain.json()).error.json.data.code).toBe("UNAUTHORIZED");
  const sameOrigin = await request.get("/api/trpc/apiKeys.list", {
    headers: { origin: baseURL!, "sec-fetch-site": "same-origin" },
  });
  expect(sameOrigin.status()).toBe(401);

  // A server action posted from another site never runs.
  const action = await request.post("/sign-in", {
    headers: { ...evil, "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8" },
    data: "[]",
  });
  await expectError(action, 403, "forbidden");

  // The real form, same-origin, still works (its server action answers).
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("The email or password is incorrect.")).toBeVisible();
});

test("the sign-in form and the token endpoint share one count, and the form says when to retry", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("locked");
  const reg = await request.post("/api/v1/auth/register", {
    data: { email, password: PASSWORD, organizationName: "Locked Org" },
  });
  expect(reg.status()).toBe(201);
  const problems = watchConsole(page);
  const signIn = async (password: string) => {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // React resets the form's fields once the action has answered. Without this wait the next
    // attempt's typing can land before that reset (the last answer's message is still on screen),
    // and the reset then clears the password it typed.
    await expect(page.getByLabel("Password")).toHaveValue("");
  };

  // Three wrong passwords in the form, seven through the API: ten for this account.
  await page.goto("/sign-in");
  for (let i = 0; i < 3; i++) {
    await signIn(`form guess ${i}`);
    await expect(page.getByText("The email or password is incorrect.")).toBeVisible();
  }
  for (let i = 0; i < 7; i++) {
    await expectError(
      await request.post("/api/v1/auth/token", { data: { email, password: `api guess ${i}` } }),
      401,
      "invalid_credentials",
    );
  }
  const limited = await request.post("/api/v1/auth/token", { data: { email, password: PASSWORD } });
  await expectError(limited, 429, "rate_limited");
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);

  // Even the right password now gets the pause, with the time to wait, and stays on the form.
  await signIn(PASSWORD);
  await expect(page.getByText(/Too many failed sign-in attempts/)).toBeVisible();
  await expect(page.getByText(/try again in 1[56] minutes/)).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.screenshot({ path: `${SHOTS}/sign-in-rate-limited.png` });
  expect(problems).toEqual([]);
});
