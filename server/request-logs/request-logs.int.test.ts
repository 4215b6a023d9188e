// contract §16, Request logs: every route of the security suite's tables is called with known secret
// values (API keys, access tokens, webhook secrets, OTP codes, passwords), and no stored row holds any
// of them; the entries are written in batches, and read back over REST with filters.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { call } from "../test/http";
import { api, runPipeline, seedSender } from "../test/messaging";
import { seedApiKey } from "../test/seed";
import { getTrpc, postTrpc } from "../test/trpc";
import { registerUser } from "../auth/register-user";
import { uniqueEmail } from "../test/http";
import { flushRequestLogs } from "./writer";
import { API_KEY_ROUTES, ANY_CREDENTIAL_ROUTES } from "@/app/api/v1/security-routes";
import { MANAGEMENT_ROUTES } from "@/app/api/v1/security-management-routes";
import * as keysRoute from "@/app/api/v1/developer/api-keys/route";
import * as webhooksRoute from "@/app/api/v1/developer/webhooks/route";
import * as passwordRoute from "@/app/api/v1/auth/password/route";
import * as logsRoute from "@/app/api/v1/developer/request-logs/route";
import * as logRoute from "@/app/api/v1/developer/request-logs/[id]/route";

let sender: Awaited<ReturnType<typeof seedSender>>;
const secrets = new Set<string>();

beforeAll(async () => {
  sender = await seedSender();
  secrets.add(sender.testKey).add(sender.liveKey).add(sender.accessToken);
});

async function storedText(): Promise<string> {
  await flushRequestLogs();
  const rows = await getDb().requestLog.findMany({ where: { organizationId: sender.organizationId } });
  return JSON.stringify(rows);
}

describe("request logs", () => {
  it("never hold a secret, whatever the route", async () => {
    for (const route of API_KEY_ROUTES) {
      await call(route.handler, route.path, {
        method: route.method,
        body: route.freshBody?.() ?? route.body,
        params: route.params,
        token: sender.testKey,
      });
    }
    for (const route of ANY_CREDENTIAL_ROUTES) {
      await call(route.handler, route.path, { params: route.params, token: sender.liveKey });
    }
    for (const route of MANAGEMENT_ROUTES) {
      const params = route.seed
        ? await route.seed(sender.organizationId)
        : { id: (await seedApiKey(sender.organizationId)).id };
      await call(route.handler, route.path(params), {
        method: route.method,
        body: route.body,
        params,
        token: sender.accessToken,
      });
    }
    // Answers that carry a secret: a new key's raw key, a webhook's signing secret.
    const key = await call(keysRoute.POST, "/api/v1/developer/api-keys", {
      token: sender.accessToken,
      body: { name: "k" },
    });
    expect(key.status).toBe(201);
    secrets.add(key.json.rawKey);
    const webhookSecret = `whsec_${Buffer.from("request-log-sweep-secret-0123456789").toString("base64")}`;
    const webhook = await call(webhooksRoute.POST, "/api/v1/developer/webhooks", {
      token: sender.accessToken,
      body: { name: "w", url: "https://hooks.example.com/x", events: ["*"], secret: webhookSecret },
    });
    expect(webhook.status).toBe(201);
    secrets.add(webhookSecret);
    // A password change: both passwords in the request.
    await call(passwordRoute.POST, "/api/v1/auth/password", {
      token: sender.accessToken,
      body: { currentPassword: "not-the-password-4711", newPassword: "another-secret-password-0815" },
    });
    secrets.add("not-the-password-4711").add("another-secret-password-0815");
    // An OTP: its code is read back from the sandbox message, then verified.
    const otp = await api.otpSend(sender.testKey, { to: "+14155550142" });
    expect(otp.status).toBe(202);
    await runPipeline(sender.organizationId);
    const status = await api.status(sender.testKey, otp.json.messageId);
    const code = /\b(\d{6})\b/.exec(status.json.body as string)?.[1];
    expect(code).toBeDefined();
    secrets.add(code!);
    expect((await api.otpVerify(sender.testKey, { to: "+14155550142", code })).json.valid).toBe(true);

    const text = await storedText();
    expect(text).toContain("/api/v1/otp/verify");
    for (const secret of secrets)
      expect(text.includes(secret), `a stored row holds ${secret.slice(0, 12)}…`).toBe(false);
  });

  it("are listed newest first with filters, and read one by one", async () => {
    const bad = await api.send(sender.testKey, { to: "12", body: "x" }, { "x-request-id": "client-trace-77" });
    expect(bad.status).toBe(400);
    await flushRequestLogs();
    const list = await call(logsRoute.GET, "/api/v1/developer/request-logs", {
      token: sender.accessToken,
      query: { status: "4xx", path: "/api/v1/sms/send", limit: "5" },
    });
    expect(list.status).toBe(200);
    const [entry] = list.json;
    expect(entry).toMatchObject({
      id: expect.stringMatching(/^req_/),
      clientRequestId: "client-trace-77",
      method: "POST",
      route: "/api/v1/sms/send",
      status: 400,
      environment: "test",
      apiKeyId: sender.testKeyId,
      errorCode: "invalid_phone_number",
      requestBody: { to: "12", body: "x" },
      responseBody: { error: { code: "invalid_phone_number" } },
    });
    const one = await call(logRoute.GET, `/api/v1/developer/request-logs/${entry.id}`, {
      token: sender.accessToken,
      params: { id: entry.id },
    });
    expect(one.json.id).toBe(entry.id);
    const errors = await call(logsRoute.GET, "/api/v1/developer/request-logs", {
      token: sender.accessToken,
      query: { errorCode: "invalid_phone_number" },
    });
    expect(errors.json.every((e: { errorCode: string }) => e.errorCode === "invalid_phone_number")).toBe(true);
  });

  it("hold the dashboard's failed calls, whose errors name their entry (issue 42)", async () => {
    const email = uniqueEmail();
    const { user, organization } = await registerUser(getDb(), {
      email,
      password: "correct horse battery",
      organizationName: "Logged",
    });
    const session = { user: { id: user.id } };
    const dup = await postTrpc("members.invite", { email, role: "admin" }, session);
    expect(dup.status).toBe(409);
    const data = dup.body.error!.json.data;
    expect(data).toMatchObject({ appCode: "already_member", requestId: expect.stringMatching(/^req_/) });
    // Input refused by its schema has the REST API's code; a password never reaches the log.
    const invalid = await postTrpc("members.invite", { email: "nope", role: "admin" }, session);
    expect(invalid.body.error!.json.data.appCode).toBe("invalid_request");
    const wrong = await postTrpc(
      "account.changePassword",
      { currentPassword: "tRPC-not-the-password-31", newPassword: "tRPC-new-password-32" },
      session,
    );
    expect(wrong.status).toBe(401);
    const ok = await getTrpc("members.list", undefined, session);
    expect(ok.body.error).toBeUndefined();
    // A query refused for its input is a page checking what is typed: not an entry each keystroke.
    const quote = await getTrpc("billing.quote", { to: "+1999", body: "x" }, session);
    expect(quote.status).toBe(400);
    expect(quote.body.error!.json.data.requestId).toBeNull();

    await flushRequestLogs();
    const rows = await getDb().requestLog.findMany({
      where: { organizationId: organization.id },
      orderBy: { id: "asc" },
    });
    expect(rows.map((r) => [r.route, r.status, r.errorCode])).toEqual([
      ["members.invite", 409, "already_member"],
      ["members.invite", 400, "invalid_request"],
      ["account.changePassword", 401, "invalid_credentials"],
    ]);
    expect(rows[0]).toMatchObject({
      id: data.requestId,
      method: "POST",
      path: "/api/trpc/members.invite",
      userId: user.id,
      apiKeyId: null,
      requestBody: { email, role: "admin" },
      responseBody: { error: { code: "already_member", docUrl: "/docs/errors#already_member" } },
    });
    expect(invalid.body.error!.json.data.requestId).toBe(rows[1]!.id);
    expect(rows[1]!.responseBody).toMatchObject({
      error: { code: "invalid_request", details: [{ path: "email", message: expect.any(String) }] },
    });
    const text = JSON.stringify(rows);
    expect(text).not.toContain("tRPC-not-the-password-31");
    expect(text).not.toContain("tRPC-new-password-32");
  });
});
