import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

const SECRET = "x".repeat(40);

function problems(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (err) {
    return (err as Error).message.split("\n").slice(1);
  }
  throw new Error("the configuration was accepted");
}

describe("email settings (contract §14)", () => {
  it("accepts smtp:// and smtps:// URLs, and no URL at all", () => {
    expect(loadEnv({ SMTP_URL: "smtp://u:p@mail.example.com:587" }).SMTP_URL).toBe("smtp://u:p@mail.example.com:587");
    expect(loadEnv({ SMTP_URL: "smtps://mail.example.com:465" }).SMTP_URL).toBe("smtps://mail.example.com:465");
    expect(loadEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
    expect(loadEnv({}).EMAIL_FROM).toBe("SignalGate <no-reply@signalgate.local>");
  });

  it("rejects other schemes, and SMTP in production without PUBLIC_BASE_URL", () => {
    expect(problems({ SMTP_URL: "http://mail.example.com" })[0]).toContain("SMTP_URL");
    const lines = problems({ NODE_ENV: "production", AUTH_SECRET: SECRET, SMTP_URL: "smtp://mail.example.com" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("PUBLIC_BASE_URL");
    expect(
      loadEnv({
        NODE_ENV: "production",
        AUTH_SECRET: SECRET,
        SMTP_URL: "smtp://mail.example.com",
        PUBLIC_BASE_URL: "https://sg.example.com",
      }).SMTP_URL,
    ).toBe("smtp://mail.example.com");
  });

  it("reads REQUIRE_EMAIL_VERIFICATION as a boolean, false by default", () => {
    expect(loadEnv({}).REQUIRE_EMAIL_VERIFICATION).toBe(false);
    expect(loadEnv({ REQUIRE_EMAIL_VERIFICATION: "true" }).REQUIRE_EMAIL_VERIFICATION).toBe(true);
    expect(problems({ REQUIRE_EMAIL_VERIFICATION: "yes" })[0]).toContain("REQUIRE_EMAIL_VERIFICATION");
  });
});
