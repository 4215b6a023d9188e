import { describe, expect, it } from "vitest";
import { isDecodablePath, refuseMalformedPath } from "./malformed-path.mjs";

function fakeResponse() {
  const out: { status?: number; headers?: Record<string, string>; body?: string } = {};
  return {
    out,
    writeHead(status: number, headers: Record<string, string>) {
      out.status = status;
      out.headers = headers;
    },
    end(body: string) {
      out.body = body;
    },
  };
}

describe("malformed path escapes (contract §12, Input)", () => {
  it("accepts plain and well-formed paths, refuses malformed escapes and U+0000", () => {
    expect(isDecodablePath("/api/v1/contacts/ct_1?q=%FF")).toBe(true);
    expect(isDecodablePath("/api/v1/contacts/%2B1415")).toBe(true);
    expect(isDecodablePath("/api/v1/contacts/%FF")).toBe(false);
    expect(isDecodablePath("/api/v1/contacts/%E0%A4")).toBe(false);
    expect(isDecodablePath("/api/v1/contacts/%")).toBe(false);
    expect(isDecodablePath("/api/v1/contacts/a%00b")).toBe(false);
  });

  it("answers 400 in the contract's body, echoing a valid request id", () => {
    const res = fakeResponse();
    const handled = refuseMalformedPath({ url: "/api/v1/contacts/%FF", headers: { "x-request-id": "abc-1" } }, res);
    expect(handled).toBe(true);
    expect(res.out.status).toBe(400);
    expect(res.out.headers?.["x-request-id"]).toBe("abc-1");
    const body = JSON.parse(res.out.body ?? "{}") as { error: { code: string; requestId: string } };
    expect(body.error).toMatchObject({
      code: "invalid_request",
      requestId: "abc-1",
      docUrl: "/docs/errors#invalid_request",
    });
  });

  it("generates a request id when none is given, and leaves good paths to Next", () => {
    const res = fakeResponse();
    expect(refuseMalformedPath({ url: "/api/v1/x/%ZZ", headers: {} }, res)).toBe(true);
    expect(res.out.headers?.["x-request-id"]).toMatch(/^req_[0-9a-f]{32}$/);
    expect(refuseMalformedPath({ url: "/api/v1/x/ok", headers: {} }, fakeResponse())).toBe(false);
  });
});
