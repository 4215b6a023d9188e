import { describe, expect, it } from "vitest";
import { apiActivityMark, apiRequestsInFlight, servedApiSince, trackApiRequest } from "./api-activity";
import { apiRoute } from "./api-route";

describe("API activity (what the message pipeline gives way to)", () => {
  it("counts a request in flight until it answers, and remembers it was served", async () => {
    const mark = apiActivityMark();
    expect(servedApiSince(mark)).toBe(false);
    let during = -1;
    const route = apiRoute({ auth: "none" }, async () => {
      during = apiRequestsInFlight();
      return { ok: true };
    });
    const res = await route(new Request("http://localhost/api/v1/x"));
    expect(res.status).toBe(200);
    expect(during).toBe(1);
    expect(apiRequestsInFlight()).toBe(0);
    expect(servedApiSince(mark)).toBe(true);
    expect(servedApiSince(apiActivityMark())).toBe(false);
  });

  it("stops counting a request whose handler throws", async () => {
    const route = apiRoute({ auth: "none" }, async () => {
      throw new Error("boom");
    });
    const res = await route(new Request("http://localhost/api/v1/x"));
    expect(res.status).toBe(500);
    expect(apiRequestsInFlight()).toBe(0);
  });

  it("a request in flight makes any earlier mark busy; its end is counted once", () => {
    const done = trackApiRequest();
    const mark = apiActivityMark();
    expect(servedApiSince(mark)).toBe(true);
    done();
    done();
    expect(apiRequestsInFlight()).toBe(0);
    expect(servedApiSince(mark)).toBe(false);
  });
});
