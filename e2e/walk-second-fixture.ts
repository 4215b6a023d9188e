// Shared by the second walk's specs (issue 39, items 1–5 and part of "Also", at 1440×900 and
// 390×844): e2e/walk-second-docs.spec.ts (items 1–2), e2e/walk-second-first-five.spec.ts (item 3)
// and e2e/walk-second-dashboard.spec.ts (items 4–5 and "Also"): the sizes, the seeded organization,
// a webhook receiver, and the sideways-overflow check.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect as baseExpect, type APIRequestContext, type Page } from "@playwright/test";
import { createKey, PASSWORD, registerAndLogin } from "./helpers";

// Lists and charts load after the page; a 2-core machine shared by several builds needs more than 5 s.
export const expect = baseExpect.configure({ timeout: 15_000 });

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };
export const SIZES = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;

export interface Seed {
  email: string;
  organizationId: string;
  sandboxKey: string;
  campaignId: string;
  webhookId: string;
  contactId: string;
}

/** A local webhook receiver: `/ok` answers 200, anything else 500. */
export async function startReceiver(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(req.url?.endsWith("/ok") ? 200 : 500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export function stopReceiver(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

/** One organization with something on every page: sandbox and live messages, a fraud block, a webhook with deliveries. */
export async function seedOrganization(api: APIRequestContext, receiverUrl: string): Promise<Seed> {
  const { email, accessToken } = await registerAndLogin(api);
  const jwt = { authorization: `Bearer ${accessToken}` };
  const me = await (await api.get("/api/v1/auth/me", { headers: jwt })).json();
  const sandbox = await createKey(api, accessToken, { name: "walk sandbox", environment: "test" });
  const live = await createKey(api, accessToken, { name: "walk live", environment: "live" });
  const key = { authorization: `Bearer ${sandbox.rawKey}` };
  const webhook = await api.post("/api/v1/developer/webhooks", {
    headers: jwt,
    data: { name: "Walk receiver", url: `${receiverUrl}/ok`, events: ["*"] },
  });
  expect(webhook.status()).toBe(201);
  for (const to of ["+14155550123", "+15005550001", "+15005550002", "+14155550124"]) {
    const res = await api.post("/api/v1/sms/send", { headers: key, data: { to, body: "A walk message" } });
    expect(res.status()).toBe(202);
  }
  const liveSend = await api.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${live.rawKey}` },
    data: { to: "+14155550125", body: "A live walk message" },
  });
  expect(liveSend.status()).toBe(202);
  // Pumped OTP codes to one prefix: the fraud guard blocks it after ten.
  for (let i = 0; i < 11; i++) {
    await api.post("/api/v1/otp/send", { headers: key, data: { to: `+1212736${1000 + i}` } });
  }
  const contact = await api.post("/api/v1/contacts", {
    headers: key,
    data: { phone: "+14155550126", firstName: "Grace", lastName: "Hopper", tags: ["vip"] },
  });
  expect(contact.status()).toBe(201);
  const campaign = await api.post("/api/v1/campaigns", {
    headers: key,
    data: {
      name: "Walk campaign",
      template: "Hi {{firstName|there}}, our winter sale starts today.",
      environment: "test",
    },
  });
  expect(campaign.status()).toBe(201);
  const campaignId = (await campaign.json()).id;
  expect((await api.post(`/api/v1/campaigns/${campaignId}/launch`, { headers: key })).status()).toBe(200);
  expect(
    (await api.post("/api/v1/sms/inbound", { headers: key, data: { from: "+14155550127", body: "Hello" } })).status(),
  ).toBe(201);
  return {
    email,
    organizationId: me.organization.id,
    sandboxKey: sandbox.rawKey,
    campaignId,
    webhookId: (await webhook.json()).id,
    contactId: (await contact.json()).id,
  };
}

/** helpers.signIn, with the time a loaded 2-core machine may take to render the dashboard after it. */
export async function signInPatiently(target: Page, email: string) {
  await target.goto("/sign-in");
  await target.getByLabel("Email").fill(email);
  await target.getByLabel("Password").fill(PASSWORD);
  await target.getByRole("button", { name: "Sign in" }).click();
  await expect(target).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

/**
 * What sticks out sideways: the page itself, a control (button, link, field) outside the window or
 * hidden by a scroller, and with `tables` a table whose columns its scroller clips (at 1440 px every
 * column fits; on a phone a list may scroll inside its card while its controls stay in view).
 */
export async function sidewaysOverflow(target: Page, { tables = false } = {}): Promise<string[]> {
  return target.evaluate((checkTables) => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      out.push(`the page is ${document.documentElement.scrollWidth} px wide in ${width}`);
    }
    const root = document.querySelector("main") ?? document.querySelector("article") ?? document.body;
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 1 && r.height > 1 && style.visibility !== "hidden" && style.display !== "none";
    };
    /** The visible horizontal span of an element: the window, narrowed by every ancestor that clips. */
    const clip = (el: Element) => {
      let left = 0;
      let right = width;
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === "visible") continue;
        const r = a.getBoundingClientRect();
        left = Math.max(left, r.left);
        right = Math.min(right, r.right);
      }
      return { left, right };
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    for (const table of checkTables ? root.querySelectorAll("table") : []) {
      if (!shown(table)) continue;
      const r = table.getBoundingClientRect();
      const { left, right } = clip(table);
      if (r.right > right + 1 || r.left < left - 1) {
        out.push(`${name(table)}: ${Math.round(r.width)} px wide, ${Math.round(right - left)} px shown`);
      }
    }
    for (const control of root.querySelectorAll("button, a[href], input, select, [role=button]")) {
      if (!shown(control) || control.closest("pre")) continue;
      const r = control.getBoundingClientRect();
      const { left, right } = clip(control);
      if (r.right > right + 1 || r.left < left - 1) {
        out.push(
          `${name(control)} at ${Math.round(r.left)}–${Math.round(r.right)}, shown ${Math.round(left)}–${Math.round(right)}`,
        );
      }
    }
    return out;
  }, tables);
}

/** Every page of the dashboard, with the seeded organization's objects for the detail pages. */
export function dashboardPages(s: Seed): string[] {
  return [
    "/dashboard",
    "/dashboard/messages",
    "/dashboard/inbox",
    "/dashboard/campaigns",
    "/dashboard/campaigns/new",
    `/dashboard/campaigns/${s.campaignId}`,
    "/dashboard/analytics",
    "/dashboard/otp",
    "/dashboard/delivery-logs",
    "/dashboard/contacts",
    `/dashboard/contacts/${s.contactId}`,
    "/dashboard/contacts/opt-outs",
    "/dashboard/numbers",
    "/dashboard/api-keys",
    "/dashboard/webhooks",
    `/dashboard/webhooks/${s.webhookId}`,
    "/dashboard/events",
    "/dashboard/rate-limits",
    "/dashboard/billing",
    "/dashboard/fraud-guard",
    "/dashboard/account",
    "/dashboard/account/two-factor",
    "/dashboard/members",
    "/dashboard/audit-log",
  ];
}
