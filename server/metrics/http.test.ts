import { describe, expect, it } from "vitest";
import { routeTemplate, UNMATCHED_ROUTE } from "./http";

describe("routeTemplate", () => {
  it("turns matched params into their names, whatever the values", () => {
    expect(routeTemplate("/api/v1/sms/msg_123/status", { messageId: "msg_123" })).toBe(
      "/api/v1/sms/[messageId]/status",
    );
    expect(routeTemplate("/api/v1/contacts/opt-outs/%2B14155550123", { phone: "+14155550123" })).toBe(
      "/api/v1/contacts/opt-outs/[phone]",
    );
    expect(routeTemplate("/api/v1/a/x/b/x", { first: "x", second: "x" })).toBe("/api/v1/a/[first]/b/[second]");
  });

  it("names a catch-all once, however many segments it took", () => {
    expect(routeTemplate("/api/v1/no/such/endpoint", { path: ["no", "such", "endpoint"] })).toBe("/api/v1/[...path]");
  });

  it("keeps a static route's path, and never lets an unmatched value through", () => {
    expect(routeTemplate("/api/v1/sms/send", undefined)).toBe("/api/v1/sms/send");
    expect(routeTemplate("/api/v1/sms/abc", { messageId: "other" })).toBe(UNMATCHED_ROUTE);
  });
});
