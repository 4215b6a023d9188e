import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/server/openapi/document";
import { generateSdkSources, operationErrorCodes } from "./generate-types";

const generatedDir = fileURLToPath(new URL("../src/generated/", import.meta.url));

describe("the SDK's generated sources", () => {
  it("match the OpenAPI document (run `npm run generate -w sdk` after changing the API)", async () => {
    const sources = await generateSdkSources();
    expect(Object.keys(sources).sort()).toEqual(["error-codes.ts", "openapi.ts"]);
    for (const [name, text] of Object.entries(sources)) {
      const committed = readFileSync(path.join(generatedDir, name), "utf8");
      // A plain equality check: the diff vitest prints names the drifted lines.
      expect(committed, `sdk/src/generated/${name} is stale`).toBe(text);
    }
  }, 60_000);

  it("would notice a changed document", async () => {
    const document = buildOpenApiDocument();
    const changed = structuredClone(document);
    const send = changed.paths?.["/api/v1/sms/send"]?.post;
    if (!send) throw new Error("sendSms is missing from the document");
    send.operationId = "sendSmsRenamed";
    const [before, after] = await Promise.all([generateSdkSources(document), generateSdkSources(changed)]);
    expect(after["openapi.ts"]).not.toBe(before["openapi.ts"]);
    expect(after["error-codes.ts"]).toContain("sendSmsRenamed: {");
  }, 60_000);

  it("reads every error response's codes from the document", () => {
    const codes = operationErrorCodes(buildOpenApiDocument());
    expect(codes.get("sendSms")?.get(400)).toEqual([
      "invalid_request",
      "invalid_phone_number",
      "country_not_allowed",
      "recipient_opted_out",
      "invalid_send_at",
    ]);
    expect(codes.get("sendSms")?.get(402)).toEqual(["spending_limit_reached"]);
    expect(codes.get("refreshToken")?.get(401)).toEqual([
      "unauthenticated",
      "refresh_token_reused",
      "mfa_enrollment_required",
    ]);
    expect(codes.get("getHealth")?.size).toBe(0);
  });
});
