// Issue 38, item 12, over every route: a route that takes no body (the cancel routes among them)
// refuses one with unknown fields or malformed JSON like any strict body (contract §1: 400), with
// the credential it needs, before anything runs; an empty body and `{}` stay fine.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError } from "@/server/test/http";
import { seedApiKey, seedOrganization, type SeededMember } from "@/server/test/seed";
import { getDb } from "@/server/db/client";
import { walkRoutes } from "@/server/test/route-files";
import * as batchCancel from "./sms/batches/[batchId]/cancel/route";
import * as messageCancel from "./sms/[messageId]/cancel/route";

const here = path.dirname(new URL(import.meta.url).pathname);
let owner: SeededMember;
let key: string;

beforeAll(async () => {
  owner = await seedOrganization("owner");
  // Dozens of refused requests in a moment: the organization's rate limit is not what is tested.
  await getDb().organization.update({ where: { id: owner.organizationId }, data: { rateLimitEnabled: false } });
  key = (await seedApiKey(owner.organizationId)).rawKey;
});

describe("every route that takes no body", () => {
  it("answers 400 for unknown fields and for malformed JSON", async () => {
    const walked = (await walkRoutes(here)).filter(
      // The operator's routes are 404 without OPERATOR_TOKEN, before any body.
      (r) =>
        r.method !== "GET" &&
        r.handler.routeOptions.body === "none" &&
        ["jwt", "apiKey", "any"].includes(r.handler.routeOptions.auth),
    );
    for (const { name, method, route, handler, params } of walked) {
      const token = handler.routeOptions.auth === "jwt" ? owner.accessToken : key;
      const send = (rawBody: string) =>
        call(handler, `/api/v1${route}`, {
          method,
          params,
          token,
          rawBody,
          headers: { "content-type": "application/json" },
        });
      const unknown = await send(
        JSON.stringify(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, i]))),
      );
      expect({ name, status: unknown.status, code: unknown.json?.error?.code }).toEqual({
        name,
        status: 400,
        code: "invalid_request",
      });
      const malformed = await send("{");
      expect({ name, status: malformed.status, message: malformed.json?.error?.message }).toEqual({
        name,
        status: 400,
        message: expect.stringMatching(/not valid JSON/),
      });
    }
    expect(walked.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        "POST /sms/[messageId]/cancel",
        "POST /sms/batches/[batchId]/cancel",
        "POST /campaigns/[id]/cancel",
      ]),
    );
  });

  it("still takes no body, or `{}`, as before", async () => {
    const params = { batchId: "bat_doesnotexist" };
    for (const rawBody of [undefined, "{}"]) {
      const res = await call(batchCancel.POST, "/api/v1/sms/batches/bat_doesnotexist/cancel", {
        method: "POST",
        params,
        token: key,
        rawBody,
        headers: rawBody ? { "content-type": "application/json" } : {},
      });
      expectError(res, 404, "not_found");
    }
    const detailed = await call(messageCancel.POST, "/api/v1/sms/msg_x/cancel", {
      method: "POST",
      params: { messageId: "msg_x" },
      token: key,
      body: { reason: "because" },
    });
    expectError(detailed, 400, "invalid_request");
    expect(detailed.json.error.details).toEqual([{ path: "", message: expect.stringContaining("reason") }]);
  });
});
