// contract §16, Metrics: GET /metrics parses as Prometheus text, answers only the configured
// token, and its counters move with real traffic (a send through the route, then the pipeline).
import { beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { api, runPipeline, seedSender } from "../test/messaging";
import { call } from "../test/http";
import { parsePrometheusText, sampleValue } from "../test/prometheus-text";
import * as route from "@/app/metrics/route";
import { QUEUES, refreshQueueGauges } from "./queue-gauges";
import { getDb } from "../db/client";
import { insertMessages } from "../messages/insert-messages";
import { newMessage } from "../test/new-message";

const TOKEN = "metrics-token-for-the-test-0123456789";
process.env.METRICS_TOKEN = TOKEN;

async function scrape() {
  const res = await call(route.GET, "/metrics", { token: TOKEN });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain; version=0.0.4");
  return { text: res.text, ...parsePrometheusText(res.text) };
}

describe("GET /metrics", () => {
  let sender: Awaited<ReturnType<typeof seedSender>>;
  beforeAll(async () => {
    sender = await seedSender();
  });

  it("answers only the metrics token", async () => {
    expect((await call(route.GET, "/metrics")).status).toBe(401);
    const wrong = await call(route.GET, "/metrics", { token: "x".repeat(40) });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.code).toBe("unauthenticated");
  });

  it("counts a send by route template, the acceptance, the transition and the carrier's answer", async () => {
    const before = (await scrape()).samples;
    const sent = await api.send(sender.testKey, { to: "+14155550123", body: "metrics" });
    expect(sent.status).toBe(202);
    const status = await api.status(sender.testKey, sent.json.messageId);
    expect(status.status).toBe(200);
    await runPipeline(sender.organizationId);
    const { samples, types } = await scrape();

    const moved = (name: string, labels: Record<string, string>) =>
      sampleValue(samples, name, labels) - sampleValue(before, name, labels);
    const send = { route: "/api/v1/sms/send", method: "POST", status: "202" };
    expect(moved("signalgate_http_requests_total", send)).toBe(1);
    // The template, never the message id.
    expect(moved("signalgate_http_requests_total", { route: "/api/v1/sms/[messageId]/status", status: "200" })).toBe(1);
    expect(samples.some((s) => JSON.stringify(s.labels).includes(sent.json.messageId))).toBe(false);
    expect(moved("signalgate_http_request_duration_seconds_count", { route: "/api/v1/sms/send", method: "POST" })).toBe(
      1,
    );
    expect(moved("signalgate_messages_accepted_total", { environment: "test" })).toBe(1);
    expect(moved("signalgate_message_transitions_total", { status: "SENT" })).toBe(1);
    expect(moved("signalgate_message_transitions_total", { status: "DELIVERED" })).toBe(1);
    expect(moved("signalgate_carrier_submits_total", { provider: "sandbox", result: "accepted" })).toBe(1);
    expect(moved("signalgate_carrier_submit_duration_seconds_count", { provider: "sandbox" })).toBeGreaterThan(0);

    expect(types.get("signalgate_http_requests_total")).toBe("counter");
    expect(types.get("signalgate_http_request_duration_seconds")).toBe("histogram");
    for (const queue of QUEUES) {
      expect(samples.find((s) => s.name === "signalgate_backlog_items" && s.labels.queue === queue)).toBeDefined();
      expect(
        samples.find((s) => s.name === "signalgate_backlog_oldest_seconds" && s.labels.queue === queue),
      ).toBeDefined();
    }
    expect(samples.find((s) => s.name === "signalgate_db_pool_in_use")).toBeDefined();
    expect(samples.find((s) => s.name === "signalgate_backlog_query_failures_total")?.value).toBe(0);
  });

  it("shows the longest sender queues with their segments and their oldest message's age (contract §15, §16)", async () => {
    const { organizationId } = sender;
    const accepted = new Date(Date.now() - 120_000);
    const message = { ...newMessage(organizationId), environment: "live" as const, from: "GaugeSender" };
    expect(await insertMessages(null, [message], accepted)).toEqual([null]);
    // Among the longest queues whatever else this database holds.
    await getDb().senderQueue.update({
      where: { organizationId_sender: { organizationId, sender: "GaugeSender" } },
      data: { queuedSegments: 1_000_000_000 },
    });
    // Past the gauges' cache of the scrapes above.
    await refreshQueueGauges(() => Date.now() + 60_000);
    const { samples } = await scrape();
    const labels = { organization_id: organizationId, sender: "GaugeSender" };
    expect(sampleValue(samples, "signalgate_sender_queue_segments", labels)).toBe(1_000_000_000);
    expect(sampleValue(samples, "signalgate_sender_queue_oldest_seconds", labels)).toBeGreaterThanOrEqual(120);
    expect(samples.filter((s) => s.name === "signalgate_sender_queue_segments").length).toBeLessThanOrEqual(50);
    await getDb().message.updateMany({ where: { id: message.id }, data: { status: "FAILED" } });
    await getDb().senderQueue.update({
      where: { organizationId_sender: { organizationId, sender: "GaugeSender" } },
      data: { queuedSegments: 0 },
    });
  });

  it("counts OTP verifications by result", async () => {
    const before = (await scrape()).samples;
    const sent = await api.otpSend(sender.testKey, { to: "+14155550199" });
    expect(sent.status).toBe(202);
    await api.otpVerify(sender.testKey, { to: "+14155550199", code: "000000" });
    const { samples } = await scrape();
    const moved =
      sampleValue(samples, "signalgate_otp_verifications_total", { result: "PENDING" }) -
      sampleValue(before, "signalgate_otp_verifications_total", { result: "PENDING" });
    expect(moved).toBe(1);
  });

  it("passes promtool's check when promtool is installed", async () => {
    if (!existsSync("/usr/bin/promtool")) return;
    const { text } = await scrape();
    const file = path.join(mkdtempSync(path.join(tmpdir(), "sg-metrics-")), "scrape.txt");
    // prom-client's default nodejs_active_*_total gauges break promtool's naming lint (a gauge
    // named _total); they are prom-client's names, kept as every Node service exposes them.
    const ours = text
      .split("\n")
      .filter((l) => !/^(# (HELP|TYPE) )?nodejs_active_(handles|requests|resources)_total/.test(l))
      .join("\n");
    writeFileSync(file, ours);
    execFileSync("/bin/sh", ["-c", `promtool check metrics < ${file}`], { stdio: "pipe" });
  });
});
