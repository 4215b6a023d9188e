import { describe, expect, it } from "vitest";
import { apiRoute } from "./api-route";
import { metrics } from "../metrics/registry";

describe("apiRoute's metrics", () => {
  it("counts a route Next calls without params (static routes get no params promise)", async () => {
    const route = apiRoute({ auth: "none" }, async () => ({ ok: true }));
    const counted = async () =>
      (await metrics().httpRequests.get()).values.find(
        (v) => v.labels.route === "/api/v1/static-thing" && v.labels.status === "200",
      )?.value ?? 0;
    const before = await counted();
    const res = await route(new Request("http://localhost/api/v1/static-thing"), {} as never);
    expect(res.status).toBe(200);
    expect(await counted()).toBe(before + 1);
  });
});
