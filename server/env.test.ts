import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

const SECRET = "x".repeat(40);

/** The problem lines of a rejected configuration, as start-up prints them. */
function problems(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (err) {
    return (err as Error).message.split("\n").slice(1);
  }
  throw new Error("the configuration was accepted");
}

describe("loadEnv", () => {
  it("reports every bad variable at once, one line each, the production secret check included", () => {
    const lines = problems({ NODE_ENV: "production", PORT: "eighty", SHUTDOWN_DRAIN_MS: "-1" });
    expect(lines.map((l) => l.trim().split(":")[0]).sort()).toEqual(["AUTH_SECRET", "PORT", "SHUTDOWN_DRAIN_MS"]);
    expect(lines.find((l) => l.includes("AUTH_SECRET"))).toContain("required when NODE_ENV=production");
  });

  it("requires AUTH_SECRET in production only; development keeps its dev secret", () => {
    expect(problems({ NODE_ENV: "production" })).toHaveLength(1);
    expect(loadEnv({ NODE_ENV: "production", AUTH_SECRET: SECRET }).usingDevSecret).toBe(false);
    expect(loadEnv({ NODE_ENV: "development" }).usingDevSecret).toBe(true);
  });

  it("drains 5 s on SIGTERM unless SHUTDOWN_DRAIN_MS says otherwise", () => {
    expect(loadEnv({}).SHUTDOWN_DRAIN_MS).toBe(5000);
    expect(loadEnv({ SHUTDOWN_DRAIN_MS: "0" }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(problems({ SHUTDOWN_DRAIN_MS: "soon" })).toHaveLength(1);
  });

  it("lets the pipeline take half the time while the API is busy, between a twentieth and all of it", () => {
    expect(loadEnv({}).MESSAGE_PIPELINE_BUSY_SHARE).toBe(0.5);
    expect(loadEnv({ MESSAGE_PIPELINE_BUSY_SHARE: "1" }).MESSAGE_PIPELINE_BUSY_SHARE).toBe(1);
    expect(loadEnv({ MESSAGE_PIPELINE_BUSY_SHARE: "0.25" }).MESSAGE_PIPELINE_BUSY_SHARE).toBe(0.25);
    expect(problems({ MESSAGE_PIPELINE_BUSY_SHARE: "0" })).toHaveLength(1);
    expect(problems({ MESSAGE_PIPELINE_BUSY_SHARE: "1.5" })).toHaveLength(1);
  });

  it("keeps data for contract §9's periods unless told otherwise, in whole days from 1 to 3650", () => {
    const e = loadEnv({});
    expect([
      e.RETENTION,
      e.MESSAGE_BODY_RETENTION_DAYS,
      e.MESSAGE_RETENTION_DAYS,
      e.OUTBOX_RETENTION_DAYS,
      e.WEBHOOK_LOG_RETENTION_DAYS,
      e.AUDIT_LOG_RETENTION_DAYS,
    ]).toEqual(["on", 30, 400, 30, 30, 365]);
    expect(
      loadEnv({ AUDIT_LOG_RETENTION_DAYS: "3650", WEBHOOK_LOG_RETENTION_DAYS: "1" }).AUDIT_LOG_RETENTION_DAYS,
    ).toBe(3650);
    for (const bad of ["0", "3651", "1.5", "forever"])
      expect(problems({ WEBHOOK_LOG_RETENTION_DAYS: bad })).toHaveLength(1);
    expect(problems({ RETENTION: "maybe" })).toHaveLength(1);
    // Dispatched outbox events back the events API's 30 days (contract §9 and §13): never fewer.
    expect(loadEnv({ OUTBOX_RETENTION_DAYS: "30" }).OUTBOX_RETENTION_DAYS).toBe(30);
    expect(loadEnv({ OUTBOX_RETENTION_DAYS: "90" }).OUTBOX_RETENTION_DAYS).toBe(90);
    for (const short of ["1", "7", "29"]) {
      expect(problems({ OUTBOX_RETENTION_DAYS: short })).toEqual([
        expect.stringMatching(/OUTBOX_RETENTION_DAYS.*at least 30/),
      ]);
    }
  });

  it("refuses a message body kept longer than its message", () => {
    expect(loadEnv({ MESSAGE_BODY_RETENTION_DAYS: "400" }).MESSAGE_BODY_RETENTION_DAYS).toBe(400);
    const lines = problems({ MESSAGE_BODY_RETENTION_DAYS: "90", MESSAGE_RETENTION_DAYS: "60" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("MESSAGE_BODY_RETENTION_DAYS");
  });
});
