import { describe, expect, it } from "vitest";
import { loadEnv } from "../env";
import { buildLiveCarriers } from "./live";
import type { SmppCarrier } from "./smpp/smpp-carrier";
import type { TwilioCarrier } from "./twilio/twilio-carrier";

const smpp = { SMPP_URL: "smpp://127.0.0.1:2775", SMPP_SYSTEM_ID: "signalgate", SMPP_PASSWORD: "secret" };
const twilio = {
  TWILIO_ACCOUNT_SID: "AC123",
  TWILIO_AUTH_TOKEN: "token",
  PUBLIC_BASE_URL: "https://sms.example.com/",
};

function problems(vars: Record<string, string>): string {
  try {
    loadEnv({ NODE_ENV: "test", ...vars });
    return "";
  } catch (err) {
    return (err as Error).message;
  }
}

describe("SMS_PROVIDER configuration", () => {
  it("configures no live carrier when unset (live sends answer 503)", () => {
    const env = loadEnv({ NODE_ENV: "test" });
    expect(env.SMS_PROVIDER).toEqual([]);
    expect(buildLiveCarriers(env)).toBeNull();
  });

  it("reads a comma list in order, with failover", () => {
    const env = loadEnv({ NODE_ENV: "test", SMS_PROVIDER: " Twilio , smpp", ...smpp, ...twilio });
    expect(env.SMS_PROVIDER).toEqual(["twilio", "smpp"]);
    expect(env.PUBLIC_BASE_URL).toBe("https://sms.example.com");
    expect(env.TWILIO_API_BASE_URL).toBe("https://api.twilio.com");
    const live = buildLiveCarriers(env)!;
    expect(live.providers.map((p) => p.name)).toEqual(["twilio", "smpp"]);
    expect(live.describe().map((s) => [s.provider, s.status])).toEqual([
      ["twilio", "ready"],
      ["smpp", "stopped"], // not connected until started
    ]);
  });

  it("gives each connection its pace ceiling: SMPP_MAX_MPS, TWILIO_MAX_MPS, none when unset", () => {
    const pacesOf = (vars: Record<string, string>) => {
      const live = buildLiveCarriers(
        loadEnv({ NODE_ENV: "test", SMS_PROVIDER: "smpp,twilio", ...smpp, ...twilio, ...vars }),
      )!;
      return live.providers.map((p) => [p.name, (p as SmppCarrier | TwilioCarrier).pace.currentMps()]);
    };
    expect(pacesOf({ SMPP_MAX_MPS: "50", TWILIO_MAX_MPS: "2.5" })).toEqual([
      ["smpp", 50],
      ["twilio", 2.5],
    ]);
    expect(pacesOf({})).toEqual([
      ["smpp", null],
      ["twilio", null],
    ]);
  });

  it("names every missing setting of a chosen provider, one line each", () => {
    const message = problems({ SMS_PROVIDER: "smpp,twilio" });
    for (const key of [
      "SMPP_URL",
      "SMPP_SYSTEM_ID",
      "SMPP_PASSWORD",
      "TWILIO_ACCOUNT_SID",
      "TWILIO_AUTH_TOKEN",
      "PUBLIC_BASE_URL",
    ]) {
      expect(message).toMatch(new RegExp(`^  ${key}: ${key} is required when SMS_PROVIDER includes`, "m"));
    }
  });

  it("refuses unknown providers, duplicates and malformed SMPP settings", () => {
    expect(problems({ SMS_PROVIDER: "nexmo" })).toMatch(/SMS_PROVIDER.*each entry must be smpp or twilio/);
    expect(problems({ SMS_PROVIDER: "smpp,smpp", ...smpp })).toMatch(/SMS_PROVIDER: lists a provider twice/);
    expect(problems({ SMS_PROVIDER: "smpp", ...smpp, SMPP_URL: "http://smsc:2775" })).toMatch(
      /SMPP_URL: must look like/,
    );
    expect(problems({ SMS_PROVIDER: "smpp", ...smpp, SMPP_PASSWORD: "ninechars" })).toMatch(/SMPP_PASSWORD/);
    expect(problems({ SMS_PROVIDER: "smpp", ...smpp, SMPP_URL: "ssmpp://smsc.example:3550" })).toBe("");
  });
});
