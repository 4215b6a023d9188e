import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { resetEnvForTests } from "../env";
import { startReceiver } from "../test/receiver";
import { seedMember, seedOrganization } from "../test/seed";
import { callerFor, postTrpc, trpcError } from "../test/trpc";
import { deliverDueOnce } from "../webhooks/deliveries/deliver-due-once";
import type { Role } from "@/schemas/roles";
import { newWebhookFormState, webhookRequest } from "@/components/webhooks/webhook-request";

// Webhooks point at a receiver on 127.0.0.1 here.
process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
resetEnvForTests();

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver((req, res) => {
    if (req.path.endsWith("/fail")) res.writeHead(500).end("boom");
    else res.writeHead(200).end(`ok ${req.path}`);
  });
});
afterAll(async () => {
  await receiver.close();
});

async function member(role: Role) {
  const owner = await seedOrganization("owner");
  const who = role === "owner" ? owner : await seedMember(owner.organizationId, role);
  return { ...who, caller: callerFor(who.userId, who.organizationId) };
}

const sign = (secret: string, body: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

describe("webhooks router", () => {
  it("lets a developer create, read, edit, disable and delete a webhook", async () => {
    const dev = await member("developer");
    const created = await dev.caller.webhooks.create({
      name: "  Orders ",
      url: "https://example.com/hooks/orders",
      events: ["message.delivered", "message.failed", "message.delivered"],
    });
    expect(created).toMatchObject({
      name: "Orders",
      url: "https://example.com/hooks/orders",
      events: ["message.delivered", "message.failed"],
      isActive: true,
      hasSecret: false,
      disabledReason: null,
    });
    expect(created.id).toMatch(/^wh_/);
    expect(created.secret).toBeNull();

    const { secret: _secret, ...view } = created;
    expect(await dev.caller.webhooks.list()).toEqual([view]);
    expect(await dev.caller.webhooks.byId({ id: created.id })).toEqual(view);

    const edited = await dev.caller.webhooks.update({
      id: created.id,
      name: "Orders v2",
      url: "https://example.com/hooks/v2",
      events: ["*"],
    });
    expect(edited).toMatchObject({ name: "Orders v2", url: "https://example.com/hooks/v2", events: ["*"] });
    const disabled = await dev.caller.webhooks.update({ id: created.id, isActive: false });
    expect(disabled.isActive).toBe(false);
    const unsigned = await dev.caller.webhooks.update({ id: created.id, secret: null });
    expect(unsigned.hasSecret).toBe(false);
    const resigned = await dev.caller.webhooks.update({ id: created.id, secret: "my-own-secret-0123456789" });
    expect(resigned).toMatchObject({ hasSecret: true, isActive: false, name: "Orders v2" });

    expect(await dev.caller.webhooks.remove({ id: created.id })).toEqual({ id: created.id });
    expect(await dev.caller.webhooks.list()).toEqual([]);
    expect((await trpcError(dev.caller.webhooks.byId({ id: created.id }))).code).toBe("NOT_FOUND");
  });

  it("shows the secret only in create's answer, never in reads, updates or the delivery log", async () => {
    const admin = await member("admin");
    const custom = "custom-signing-secret-0123456789";
    const created = await admin.caller.webhooks.create({
      name: "Signed",
      url: receiver.url(`/${admin.organizationId}/signed`),
      events: ["webhook.test"],
      secret: custom,
    });
    expect(created.secret).toBe(custom);
    const generated = await admin.caller.webhooks.create({
      ...webhookRequest(newWebhookFormState()),
      name: "Generated",
      url: "https://example.com/generated",
      events: ["*"],
    });

    const test = await admin.caller.webhooks.test({ id: created.id });
    expect(test).toMatchObject({ success: true, statusCode: 200, error: null });
    const sent = receiver.received.find((r) => r.path === `/${admin.organizationId}/signed`)!;
    expect(sent.headers["x-webhook-signature"]).toBe(sign(custom, sent.body));

    const page = await admin.caller.webhooks.deliveries({});
    const answers = [
      await admin.caller.webhooks.list(),
      await admin.caller.webhooks.byId({ id: created.id }),
      await admin.caller.webhooks.update({ id: created.id, name: "Signed v2" }),
      page,
      await admin.caller.webhooks.deliveryById({ id: page.items[0]!.id }),
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain(custom);
      expect(text).not.toContain(generated.secret!);
      expect(text).not.toMatch(/"secret"|secretCiphertext/);
    }
  });

  it("sends test events, logs them, filters and pages the log, and redelivers", async () => {
    const dev = await member("developer");
    const ok = await dev.caller.webhooks.create({
      name: "Receiver",
      url: receiver.url(`/${dev.organizationId}/ok`),
      events: ["message.delivered"],
    });
    const failing = await dev.caller.webhooks.create({
      name: "Failing",
      url: receiver.url(`/${dev.organizationId}/fail`),
      events: ["*"],
    });

    expect(await dev.caller.webhooks.test({ id: failing.id })).toMatchObject({
      success: false,
      statusCode: 500,
      error: "HTTP 500 Internal Server Error",
    });
    for (let i = 0; i < 3; i++) {
      const result = await dev.caller.webhooks.test({ id: ok.id });
      expect(result).toMatchObject({ success: true, statusCode: 200, error: null });
      expect(result.responseTimeMs).toBeGreaterThanOrEqual(0);
    }

    const all = await dev.caller.webhooks.deliveries({});
    expect(all.items.map((d) => d.webhookName)).toEqual(["Receiver", "Receiver", "Receiver", "Failing"]);
    expect(all.items.map((d) => d.status)).toEqual(["SUCCEEDED", "SUCCEEDED", "SUCCEEDED", "FAILED"]);
    expect(all.nextCursor).toBeNull();

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await dev.caller.webhooks.deliveries({ limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((d) => d.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.items.map((d) => d.id));

    const failed = await dev.caller.webhooks.deliveries({ status: "FAILED" });
    expect(failed.items).toHaveLength(1);
    expect(failed.items[0]).toMatchObject({ webhookId: failing.id, event: "webhook.test" });
    expect((await dev.caller.webhooks.deliveries({ webhookId: ok.id })).items).toHaveLength(3);
    expect((await dev.caller.webhooks.deliveries({ event: "message.delivered" })).items).toHaveLength(0);
    const hourAgo = new Date(Date.now() - 3_600_000);
    expect((await dev.caller.webhooks.deliveries({ from: hourAgo })).items).toHaveLength(4);
    expect((await dev.caller.webhooks.deliveries({ until: hourAgo })).items).toHaveLength(0);
    const backwards = await trpcError(dev.caller.webhooks.deliveries({ from: new Date(), until: hourAgo }));
    expect(backwards.code).toBe("BAD_REQUEST");

    const detail = await dev.caller.webhooks.deliveryById({ id: failed.items[0]!.id });
    expect(detail).toMatchObject({
      webhookName: "Failing",
      webhookUrl: failing.url,
      status: "FAILED",
      payload: { event: "webhook.test", id: detail.eventId, payload: { webhookId: failing.id } },
      attempts: [{ attempt: 1, statusCode: 500, error: "HTTP 500 Internal Server Error", responseBody: "boom" }],
    });

    // Redeliver: back to the queue, then one more attempt with the same event id.
    const before = receiver.received.filter((r) => r.headers["x-webhook-id"] === detail.eventId).length;
    expect(await dev.caller.webhooks.redeliver({ id: detail.id })).toEqual({ id: detail.id, status: "PENDING" });
    expect((await dev.caller.webhooks.deliveryById({ id: detail.id })).status).toBe("PENDING");
    await deliverDueOnce({ organizationId: dev.organizationId });
    const after = await dev.caller.webhooks.deliveryById({ id: detail.id });
    expect(after.status).toBe("FAILED");
    expect(after.attempts.map((a) => a.attempt)).toEqual([1, 2]);
    expect(receiver.received.filter((r) => r.headers["x-webhook-id"] === detail.eventId)).toHaveLength(before + 1);
  });

  it("lets support read webhooks and delivery logs and redeliver (audited), but refuses every change with FORBIDDEN", async () => {
    const owner = await member("owner");
    const hook = await owner.caller.webhooks.create({
      name: "Owner's hook",
      url: receiver.url(`/${owner.organizationId}/ok`),
      events: ["*"],
      secret: "whsec_owners-hook-secret-0123456789",
    });
    await owner.caller.webhooks.test({ id: hook.id });
    const [delivery] = (await owner.caller.webhooks.deliveries({})).items;
    const support = await seedMember(owner.organizationId, "support");
    const caller = callerFor(support.userId, support.organizationId);

    expect((await caller.webhooks.list()).map((w) => w.id)).toEqual([hook.id]);
    expect(await caller.webhooks.byId({ id: hook.id })).toMatchObject({ name: "Owner's hook", hasSecret: true });
    expect((await caller.webhooks.deliveries({ webhookId: hook.id })).items.map((d) => d.id)).toEqual([delivery!.id]);
    const detail = await caller.webhooks.deliveryById({ id: delivery!.id });
    expect(detail.attempts[0]).toMatchObject({ statusCode: 200, responseBody: `ok /${owner.organizationId}/ok` });
    expect(JSON.stringify(detail)).not.toContain(hook.secret!);

    // Thunks: each call starts only when awaited, so no rejection goes unhandled meanwhile.
    const attempts: (() => Promise<unknown>)[] = [
      () => caller.webhooks.create({ name: "Nope", url: "https://example.com/x", events: ["*"] }),
      () => caller.webhooks.update({ id: hook.id, name: "Nope" }),
      () => caller.webhooks.update({ id: hook.id, isActive: false }),
      () => caller.webhooks.remove({ id: hook.id }),
      () => caller.webhooks.test({ id: hook.id }),
      () => caller.webhooks.revealSecret({ id: hook.id }),
    ];
    for (const attempt of attempts) {
      expect((await trpcError(attempt())).code).toBe("FORBIDDEN");
    }
    const [still] = await owner.caller.webhooks.list();
    expect(still).toMatchObject({ id: hook.id, name: "Owner's hook", isActive: true });

    // Support helps customers: it may redeliver, and the audit log names who did.
    expect(await caller.webhooks.redeliver({ id: delivery!.id })).toEqual({ id: delivery!.id, status: "PENDING" });
    await deliverDueOnce({ organizationId: owner.organizationId });
    expect((await owner.caller.webhooks.deliveryById({ id: delivery!.id })).attempts).toHaveLength(2);
    const [entry] = (await owner.caller.auditLog.list({ action: "webhookDelivery.redelivered" })).items;
    expect(entry).toMatchObject({
      resourceType: "webhookDelivery",
      resourceId: delivery!.id,
      actor: { type: "user", id: support.userId },
      changes: { before: null, after: { webhookId: hook.id, eventId: detail.eventId, event: "webhook.test" } },
    });
  });

  it("reveals a webhook's signing secret to owners and admins, audited, and to no one else", async () => {
    const owner = await member("owner");
    const secret = "whsec_RevealMe0123456789abcdefghijklmn";
    const hook = await owner.caller.webhooks.create({
      name: "Signed",
      url: "https://example.com/hooks/signed",
      events: ["*"],
      secret,
    });
    const unsigned = await owner.caller.webhooks.create({
      name: "Unsigned",
      url: "https://example.com/hooks/unsigned",
      events: ["*"],
    });
    const admin = callerFor((await seedMember(owner.organizationId, "admin")).userId, owner.organizationId);
    const developer = callerFor((await seedMember(owner.organizationId, "developer")).userId, owner.organizationId);

    expect(await owner.caller.webhooks.revealSecret({ id: hook.id })).toEqual({ secret });
    expect(await admin.webhooks.revealSecret({ id: hook.id })).toEqual({ secret });
    expect(await owner.caller.webhooks.revealSecret({ id: unsigned.id })).toEqual({ secret: null });
    expect((await trpcError(developer.webhooks.revealSecret({ id: hook.id }))).code).toBe("FORBIDDEN");
    expect((await trpcError(owner.caller.webhooks.revealSecret({ id: "wh_missing" }))).code).toBe("NOT_FOUND");

    const log = (await owner.caller.auditLog.list({ action: "webhook.secretRevealed" })).items;
    expect(log.map((e) => [e.resourceId, e.actor.id])).toEqual([
      [unsigned.id, owner.userId],
      [hook.id, expect.any(String)],
      [hook.id, owner.userId],
    ]);
    // The entry says that it happened, never what the secret is.
    expect(JSON.stringify(log)).not.toContain(secret);
  });

  it("answers NOT_FOUND for another organization's webhook and delivery and leaves them untouched", async () => {
    const a = await member("owner");
    const b = await member("developer");
    const bHook = await b.caller.webhooks.create({
      name: "B's hook",
      url: receiver.url(`/${b.organizationId}/ok`),
      events: ["*"],
    });
    await b.caller.webhooks.test({ id: bHook.id });
    const [bDelivery] = (await b.caller.webhooks.deliveries({})).items;

    const attempts: (() => Promise<unknown>)[] = [
      () => a.caller.webhooks.byId({ id: bHook.id }),
      () => a.caller.webhooks.update({ id: bHook.id, name: "Taken over" }),
      () => a.caller.webhooks.remove({ id: bHook.id }),
      () => a.caller.webhooks.test({ id: bHook.id }),
      () => a.caller.webhooks.deliveryById({ id: bDelivery!.id }),
      () => a.caller.webhooks.redeliver({ id: bDelivery!.id }),
      () => a.caller.webhooks.remove({ id: "wh_does_not_exist" }),
    ];
    for (const attempt of attempts) {
      expect((await trpcError(attempt())).code).toBe("NOT_FOUND");
    }
    expect((await a.caller.webhooks.deliveries({ webhookId: bHook.id })).items).toEqual([]);
    expect(await a.caller.webhooks.list()).toEqual([]);
    const [still] = await b.caller.webhooks.list();
    expect(still).toMatchObject({ id: bHook.id, name: "B's hook", isActive: true });
    const bDetail = await b.caller.webhooks.deliveryById({ id: bDelivery!.id });
    expect(bDetail).toMatchObject({ status: "SUCCEEDED", attempts: [{ attempt: 1 }] });
  });

  it("creates from the dashboard form's payload: signed with the proposed secret, unsigned once it is cleared", async () => {
    const dev = await member("developer");
    const received = (path: string) => receiver.received.filter((r) => r.path === path);

    const form = { ...newWebhookFormState(), name: "From the form", url: receiver.url(`/${dev.organizationId}/form`) };
    const signed = await dev.caller.webhooks.create(webhookRequest(form));
    expect(signed).toMatchObject({ hasSecret: true, secret: form.secret });
    expect(form.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(await dev.caller.webhooks.test({ id: signed.id })).toMatchObject({ success: true });
    const [sent] = received(`/${dev.organizationId}/form`);
    expect(sent!.headers["x-webhook-signature"]).toBe(sign(form.secret, sent!.body));

    const clearedPath = `/${dev.organizationId}/cleared`;
    const cleared = { ...newWebhookFormState(), name: "Cleared", url: receiver.url(clearedPath), secret: "" };
    const unsigned = await dev.caller.webhooks.create(webhookRequest(cleared));
    expect(unsigned).toMatchObject({ hasSecret: false, secret: null });
    expect(await dev.caller.webhooks.byId({ id: unsigned.id })).toMatchObject({ hasSecret: false });
    expect(await dev.caller.webhooks.test({ id: unsigned.id })).toMatchObject({ success: true });
    expect(received(clearedPath)).toHaveLength(1);
    expect(received(clearedPath)[0]!.headers).not.toHaveProperty("x-webhook-signature");
  });

  it("puts invalid input and refused URLs on the form's fields", async () => {
    const dev = await member("developer");
    const session = { user: { id: dev.userId } };
    const invalid = await postTrpc("webhooks.create", { name: "", url: "not a url", events: [] }, session);
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.error!.json.data.zodError!.fieldErrors).sort()).toEqual(["events", "name", "url"]);

    const scheme = await postTrpc("webhooks.create", { name: "x", url: "ftp://example.com/x", events: ["*"] }, session);
    expect(scheme.status).toBe(400);
    expect(scheme.body.error!.json.data).toMatchObject({
      appCode: "url_not_allowed",
      details: [{ path: "url", message: "The URL must start with http:// or https://." }],
    });

    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "false";
    resetEnvForTests();
    try {
      const loopback = await trpcError(
        dev.caller.webhooks.create({ name: "x", url: "http://127.0.0.1:9/hook", events: ["*"] }),
      );
      expect(loopback.code).toBe("BAD_REQUEST");
      expect(loopback.message).toMatch(/127\.0\.0\.1, a loopback address/);
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
      resetEnvForTests();
    }
    expect(await getDb().webhook.count({ where: { organizationId: dev.organizationId } })).toBe(0);
  });
});
