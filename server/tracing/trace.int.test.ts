// contract §16, Traces: with OTEL_EXPORTER_OTLP_ENDPOINT set, one live send is one connected trace,
// from its request to the SMPP submit_sm, exported over OTLP/HTTP to a receiver in the test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestSmsc } from "../carriers/smpp/test-smsc";
import { waitFor } from "../carriers/smpp/test-helpers";
import type { LiveCarriers } from "../carriers/live";
import { handOffQueued } from "../messages/pipeline/hand-off";
import { api, seedSender } from "../test/messaging";
import { useLiveCarriers } from "../test/live-carriers";
import { startOtlpReceiver } from "../test/otlp-receiver";
import { startTracing } from "./start";
import { stopTracing, tracingOn } from "./spans";

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let smsc: TestSmsc;
let live: LiveCarriers;
let restore: () => Promise<void>;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
  expect(await startTracing()).toBe(true);
  smsc = await TestSmsc.start({ systemId: "sg-trace", password: "pw-trace" });
  ({ live, restore } = await useLiveCarriers({
    SMS_PROVIDER: "smpp",
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: "sg-trace",
    SMPP_PASSWORD: "pw-trace",
  }));
  await waitFor(() => live.describe()[0]?.status === "bound");
});

afterAll(async () => {
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  await stopTracing();
  await restore();
  await smsc.close();
  await receiver.close();
});

describe("tracing", () => {
  it("makes one send one connected trace: request → carrier hand-off → submit_sm", async () => {
    const { organizationId, liveKey } = await seedSender();
    const sent = await api.send(liveKey, { to: "+14155550161", body: "traced" });
    expect(sent.status).toBe(202);
    const requestId = sent.headers.get("x-request-id");
    while ((await handOffQueued({ organizationId })) > 0);
    expect(smsc.submits.some((s) => s.destinationAddr === "14155550161")).toBe(true);
    await stopTracing(); // exports what is buffered
    expect(tracingOn()).toBe(false);

    const request = receiver.spans.find((s) => s.attributes["signalgate.request_id"] === requestId);
    expect(request).toMatchObject({ name: "POST /api/v1/sms/send", attributes: { "http.route": "/api/v1/sms/send" } });
    const handOff = receiver.spans.find(
      (s) => s.name === "carrier hand-off" && s.attributes["signalgate.message_id"] === sent.json.messageId,
    );
    expect(handOff).toMatchObject({
      traceId: request!.traceId,
      parentSpanId: request!.spanId,
      attributes: { "signalgate.provider": "smpp", "signalgate.outcome": "accepted" },
    });
    const submit = receiver.spans.find((s) => s.name === "smpp submit_sm");
    expect(submit).toMatchObject({ traceId: request!.traceId, parentSpanId: handOff!.spanId });
    // Every span of the trace hangs off another span of it, up to the request.
    const trace = receiver.spans.filter((s) => s.traceId === request!.traceId);
    const ids = new Set(trace.map((s) => s.spanId));
    const roots = trace.filter((s) => !ids.has(s.parentSpanId));
    expect(roots.map((s) => s.name)).toEqual(["POST /api/v1/sms/send"]);
  });
});
