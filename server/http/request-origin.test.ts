import { describe, expect, it } from "vitest";
import { requestOrigin } from "./request-origin";

describe("requestOrigin", () => {
  it("is http on loopback, https elsewhere, and follows a proxy's forwarded host and scheme", () => {
    expect(requestOrigin(new Headers({ host: "127.0.0.1:3500" }))).toBe("http://127.0.0.1:3500");
    expect(requestOrigin(new Headers({ host: "sms.acme.example" }))).toBe("https://sms.acme.example");
    expect(
      requestOrigin(
        new Headers({
          host: "10.0.0.5:3000",
          "x-forwarded-host": "sms.acme.example",
          "x-forwarded-proto": "http, https",
        }),
      ),
    ).toBe("http://sms.acme.example");
  });
});
