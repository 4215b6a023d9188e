import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

// The knobs `npm run chaos` lowers: production defaults when unset, and bounds that refuse values
// that would break delivery (a zero retry schedule, a job lease shorter than a webhook attempt).
describe("chaos knobs in the env", () => {
  it("default to the production schedule and lease", () => {
    const env = loadEnv({});
    expect(env.WEBHOOK_RETRY_DELAY_SCALE).toBe(1);
    expect(env.JOB_LEASE_MS).toBe(300_000);
  });

  it("accept a shrunk schedule and a shorter lease", () => {
    const env = loadEnv({ WEBHOOK_RETRY_DELAY_SCALE: "0.005", JOB_LEASE_MS: "60000" });
    expect(env.WEBHOOK_RETRY_DELAY_SCALE).toBe(0.005);
    expect(env.JOB_LEASE_MS).toBe(60_000);
  });

  it.each([
    ["WEBHOOK_RETRY_DELAY_SCALE", "0"],
    ["WEBHOOK_RETRY_DELAY_SCALE", "2"],
    ["JOB_LEASE_MS", "10000"],
  ])("refuses %s=%s with a line naming it", (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(`^\\s*${name}: `, "m"));
  });
});
