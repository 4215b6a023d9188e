import { describe, expect, it } from "vitest";
import { MAX_BODY_CHARS, REDACTED, storableBody } from "./redact";

describe("storableBody", () => {
  it("redacts credentials by name at any depth, keeps error codes", () => {
    expect(
      storableBody({
        email: "a@b.test",
        password: "hunter2",
        nested: [{ refreshToken: "rt", secret: "whsec_x", rawKey: "sg_live_x" }],
        code: "123456",
        error: { code: "invalid_request" },
        recoveryCode: "abcd-efgh",
      }),
    ).toEqual({
      email: "a@b.test",
      password: REDACTED,
      nested: [{ refreshToken: REDACTED, secret: REDACTED, rawKey: REDACTED }],
      code: REDACTED,
      error: { code: "invalid_request" },
      recoveryCode: REDACTED,
    });
  });

  it("drops message bodies of reads, and cuts large bodies after redacting", () => {
    expect(storableBody({ body: "Your code is 123456" }, { dropBodies: true })).toEqual({ body: REDACTED });
    const big = storableBody({ token: "t".repeat(100), filler: "x".repeat(MAX_BODY_CHARS) }) as Record<string, string>;
    expect(Object.keys(big)).toEqual(["[truncated]"]);
    expect(big["[truncated]"]).toHaveLength(MAX_BODY_CHARS);
    expect(big["[truncated]"]).not.toContain("ttttt");
  });
});
