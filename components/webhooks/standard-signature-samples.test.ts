import { createRequire } from "node:module";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { signStandardWebhook } from "@/server/webhooks/signature";
import { generateSecret } from "./webhook-request";
import { STANDARD_TYPESCRIPT_SAMPLE } from "./standard-signature-samples";

/** The TypeScript sample as a user would paste it, compiled and run: its POST handler. */
function sampleHandler(secret: string): (request: Request) => Promise<Response> {
  const js = ts.transpileModule(STANDARD_TYPESCRIPT_SAMPLE, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const exports: { POST?: (request: Request) => Promise<Response> } = {};
  const env = { SIGNALGATE_WEBHOOK_SECRET: secret };
  const quiet = { log: () => undefined };
  new Function("require", "exports", "process", "console", js)(createRequire(import.meta.url), exports, { env }, quiet);
  return exports.POST!;
}

function delivery(secret: string, body: string, id = "evt_sample") {
  const timestamp = Math.floor(Date.now() / 1000);
  return new Request("https://example.com/hooks", {
    method: "POST",
    body,
    headers: {
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signStandardWebhook(secret, id, timestamp, body),
    },
  });
}

describe("the dashboard's Standard Webhooks receiver sample", () => {
  it("accepts a delivery signed with the secret the dashboard generated, pasted as shown, and refuses another", async () => {
    const secret = generateSecret();
    const body = JSON.stringify({
      id: "evt_sample",
      event: "webhook.test",
      timestamp: new Date().toISOString(),
      payload: {},
    });
    const post = sampleHandler(secret);
    expect((await post(delivery(secret, body))).status).toBe(204);
    expect((await post(delivery(generateSecret(), body))).status).toBe(401);
  });
});
