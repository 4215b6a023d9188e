// contract §16, Alerts: evaluated from the aggregates with an injected clock, an alert fires once
// per crossing and resolves once, with its events and emails; the webhook endpoint failing for 24
// hours alerts once and resolves at its next success. Also the REST routes' shape.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { newId, newIdAt } from "../ids";
import { call, expectError } from "../test/http";
import { api, runPipeline, seedSender } from "../test/messaging";
import { evaluateAlerts } from "./evaluate";
import { evaluateFailingWebhooks } from "./webhook-failing";
import * as alertsRoute from "@/app/api/v1/developer/alerts/route";
import * as alertRoute from "@/app/api/v1/developer/alerts/[id]/route";

let sender: Awaited<ReturnType<typeof seedSender>>;
beforeAll(async () => {
  sender = await seedSender();
});

const events = (type: string) =>
  getDb().outboxEvent.findMany({ where: { organizationId: sender.organizationId, type }, orderBy: { id: "asc" } });
const alertEmails = async () => {
  const owner = await getDb().user.findUniqueOrThrow({ where: { id: sender.userId } });
  return getDb().emailOutbox.count({ where: { template: "alert", toAddress: owner.email } });
};

async function evaluateOrg(now: Date) {
  const run = await evaluateAlerts(getDb(), now);
  const mine = (await getDb().alert.findMany({ where: { organizationId: sender.organizationId } })).map((a) => a.id);
  return {
    triggered: run.triggered.filter((id) => mine.includes(id)),
    resolved: run.resolved.filter((id) => mine.includes(id)),
  };
}

describe("alerts", () => {
  it("are managed over REST with the contract's shape and validation", async () => {
    const token = sender.accessToken;
    const bad = await call(alertsRoute.POST, "/api/v1/developer/alerts", {
      token,
      body: { metric: "spend", threshold: 0.5, windowMinutes: 60, environment: "test" },
    });
    expectError(bad, 400, "invalid_request");
    const tooShort = await call(alertsRoute.POST, "/api/v1/developer/alerts", {
      token,
      body: { metric: "error_rate", threshold: 0.5, windowMinutes: 4, environment: "test" },
    });
    expectError(tooShort, 400, "invalid_request");
    const spend = await call(alertsRoute.POST, "/api/v1/developer/alerts", {
      token,
      body: { metric: "spend", threshold: "25.0000", windowMinutes: 1440, environment: "live" },
    });
    expect(spend.status).toBe(201);
    expect(spend.json).toMatchObject({ id: expect.stringMatching(/^alr_/), state: "ok", threshold: "25.0000" });
    const patched = await call(alertRoute.PATCH, `/api/v1/developer/alerts/${spend.json.id}`, {
      token,
      method: "PATCH",
      params: { id: spend.json.id },
      body: { threshold: "30.0000" },
    });
    expect(patched.json.threshold).toBe("30.0000");
    const list = await call(alertsRoute.GET, "/api/v1/developer/alerts", { token });
    expect(list.json.map((a: { id: string }) => a.id)).toContain(spend.json.id);
    const gone = await call(alertRoute.DELETE, `/api/v1/developer/alerts/${spend.json.id}`, {
      token,
      method: "DELETE",
      params: { id: spend.json.id },
    });
    expect(gone.status).toBe(204);
    expectError(
      await call(alertRoute.GET, `/api/v1/developer/alerts/${spend.json.id}`, { token, params: { id: spend.json.id } }),
      404,
      "not_found",
    );
  });

  it("fires once when the error rate crosses its threshold and resolves once when it comes back", async () => {
    const created = await call(alertsRoute.POST, "/api/v1/developer/alerts", {
      token: sender.accessToken,
      body: { metric: "error_rate", threshold: 0.5, windowMinutes: 60, environment: "test" },
    });
    expect(created.status).toBe(201);
    let now = new Date();
    const minute = () => (now = new Date(now.getTime() + 60_000));

    // Nothing settled yet: no value, no change.
    expect(await evaluateOrg(now)).toEqual({ triggered: [], resolved: [] });

    // Two FAILED (sandbox +15005550001) of two settled: 100 % errors.
    for (let i = 0; i < 2; i++)
      expect((await api.send(sender.testKey, { to: "+15005550001", body: "x" })).status).toBe(202);
    await runPipeline(sender.organizationId);
    expect(await evaluateOrg(minute())).toEqual({ triggered: [created.json.id], resolved: [] });
    expect(await evaluateOrg(minute())).toEqual({ triggered: [], resolved: [] });
    expect(await evaluateOrg(minute())).toEqual({ triggered: [], resolved: [] });

    const [triggered] = await events("alert.triggered");
    expect(triggered?.payload).toEqual({
      alertId: created.json.id,
      metric: "error_rate",
      value: 1,
      threshold: 0.5,
      windowMinutes: 60,
    });
    expect(await alertEmails()).toBe(1);

    // Six DELIVERED: 2 of 8 failed, 25 %.
    for (let i = 0; i < 6; i++)
      expect((await api.send(sender.testKey, { to: "+14155550123", body: "ok" })).status).toBe(202);
    await runPipeline(sender.organizationId);
    expect(await evaluateOrg(minute())).toEqual({ triggered: [], resolved: [created.json.id] });
    expect(await evaluateOrg(minute())).toEqual({ triggered: [], resolved: [] });

    expect(await events("alert.triggered")).toHaveLength(1);
    expect(await events("alert.resolved")).toHaveLength(1);
    expect(await alertEmails()).toBe(2);
    const view = await call(alertRoute.GET, `/api/v1/developer/alerts/${created.json.id}`, {
      token: sender.accessToken,
      params: { id: created.json.id },
    });
    expect(view.json).toMatchObject({ state: "ok", lastValue: 0.25 });
  });

  it("alerts once when a webhook endpoint has failed every attempt for 24 hours, and resolves at its next success", async () => {
    const db = getDb();
    const webhookId = newId("wh");
    const now = new Date();
    await db.webhook.create({
      data: {
        id: webhookId,
        organizationId: sender.organizationId,
        name: "down",
        url: "https://down.example/hook",
        events: ["*"],
      },
    });
    const delivery = async (hoursAgo: number, status: "FAILED" | "SUCCEEDED") =>
      db.webhookDelivery.create({
        data: {
          id: newIdAt("dlv", new Date(now.getTime() - hoursAgo * 3_600_000)),
          organizationId: sender.organizationId,
          webhookId,
          eventId: newId("evt"),
          event: "message.delivered",
          body: "{}",
          status,
          attemptCount: status === "FAILED" ? 6 : 1,
          nextAttemptAt: null,
        },
      });
    // Failing for 2 hours only: not yet.
    await delivery(2, "FAILED");
    expect(await evaluateFailingWebhooks(db, now, sender.organizationId)).toEqual({ triggered: [], resolved: [] });
    // Failing since 23.5 hours ago: the alert goes out, once.
    await delivery(23.5, "FAILED");
    expect(await evaluateFailingWebhooks(db, now, sender.organizationId)).toEqual({
      triggered: [webhookId],
      resolved: [],
    });
    const later = new Date(now.getTime() + 60_000);
    expect(await evaluateFailingWebhooks(db, later, sender.organizationId)).toEqual({ triggered: [], resolved: [] });
    const triggered = (await events("alert.triggered")).filter(
      (e) => (e.payload as { webhookId?: string }).webhookId === webhookId,
    );
    expect(triggered).toHaveLength(1);
    // A success: resolved, once.
    await delivery(0, "SUCCEEDED");
    expect(await evaluateFailingWebhooks(db, later, sender.organizationId)).toEqual({
      triggered: [],
      resolved: [webhookId],
    });
    expect(await evaluateFailingWebhooks(db, later, sender.organizationId)).toEqual({ triggered: [], resolved: [] });
  });
});
