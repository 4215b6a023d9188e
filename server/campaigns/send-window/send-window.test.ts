import { describe, expect, it } from "vitest";
import {
  bestPartialOpening,
  isSendWindowOpen,
  localMinuteOfDay,
  nextSendWindowOpening,
  parseClock,
} from "./send-window";
import { sendWindowCheck, sendWindowForNumber } from "./send-window-for-number";

const LA = "+12135550123";
const NY = "+12125550123";
const day = { start: "09:00", end: "20:00" };
const at = (iso: string) => new Date(iso);

describe("sendWindowForNumber, 09:00–20:00, injected clock", () => {
  it("16:30 UTC in November: open in New York (11:30), closed in Los Angeles (08:30) until 17:00 UTC", () => {
    const now = at("2026-11-26T16:30:00.000Z");
    expect(sendWindowForNumber(NY, day, now)).toEqual({
      open: true,
      opensAt: now,
      zones: ["America/New_York"],
      partial: false,
    });
    expect(sendWindowForNumber(LA, day, now)).toEqual({
      open: false,
      opensAt: at("2026-11-26T17:00:00.000Z"),
      zones: ["America/Los_Angeles"],
      partial: false,
    });
  });

  it("01:30 UTC: closed in New York (20:30) until 14:00 UTC, open in Los Angeles (17:30)", () => {
    const now = at("2026-11-27T01:30:00.000Z");
    expect(sendWindowForNumber(NY, day, now).opensAt).toEqual(at("2026-11-27T14:00:00.000Z"));
    expect(sendWindowForNumber(LA, day, now).open).toBe(true);
  });

  it("start is inclusive, end exclusive, in each zone's own time", () => {
    expect(sendWindowForNumber(NY, day, at("2026-11-26T14:00:00.000Z")).open).toBe(true); // 09:00
    expect(sendWindowForNumber(NY, day, at("2026-11-26T13:59:59.999Z")).open).toBe(false); // 08:59
    expect(sendWindowForNumber(NY, day, at("2026-11-27T00:59:00.000Z")).open).toBe(true); // 19:59
    expect(sendWindowForNumber(NY, day, at("2026-11-27T01:00:00.000Z")).open).toBe(false); // 20:00
    // Summer time: New York is UTC-4 in July, so 09:00 is 13:00 UTC.
    expect(sendWindowForNumber(NY, day, at("2026-07-01T13:00:00.000Z")).open).toBe(true);
    expect(sendWindowForNumber(LA, day, at("2026-07-01T15:59:00.000Z")).opensAt).toEqual(
      at("2026-07-01T16:00:00.000Z"),
    );
  });

  it("is open without a window", () => {
    expect(sendWindowForNumber(LA, null, at("2026-11-26T10:00:00.000Z")).open).toBe(true);
  });
});

describe("several zones: open only when open in all of them", () => {
  const both = ["America/Los_Angeles", "America/New_York"];

  it("opens when the later zone opens and closes when the earlier one closes", () => {
    // LA 09:00 = 17:00 UTC; NY 20:00 = 01:00 UTC.
    expect(isSendWindowOpen(day, both, at("2026-11-26T16:59:00.000Z"))).toBe(false);
    expect(isSendWindowOpen(day, both, at("2026-11-26T17:00:00.000Z"))).toBe(true);
    expect(isSendWindowOpen(day, both, at("2026-11-27T00:59:00.000Z"))).toBe(true);
    expect(isSendWindowOpen(day, both, at("2026-11-27T01:00:00.000Z"))).toBe(false);
    expect(nextSendWindowOpening(day, both, at("2026-11-26T16:30:00.000Z"))).toEqual(at("2026-11-26T17:00:00.000Z"));
    expect(nextSendWindowOpening(day, both, at("2026-11-27T01:30:00.000Z"))).toEqual(at("2026-11-27T17:00:00.000Z"));
  });

  it("is never open when the zones share no open minute", () => {
    const farApart = ["Pacific/Honolulu", "Pacific/Guam"];
    expect(
      nextSendWindowOpening({ start: "09:00", end: "10:00" }, farApart, at("2026-11-26T12:00:00.000Z")),
    ).toBeNull();
  });

  it("a number of unknown area (every +1 zone, Guam to Alaska) waits until all of them are in the window", async () => {
    // Guam is UTC+10 (= UTC-14): from St John's (UTC-3:30) round to Guam is 10.5 hours, so an
    // 11-hour window is open everywhere from 23:00 to 23:30 UTC.
    const now = at("2026-11-26T12:00:00.000Z");
    const decision = sendWindowForNumber("+15005550001", day, now);
    expect(decision.zones.length).toBeGreaterThan(30);
    expect(decision).toMatchObject({ open: false, partial: false, opensAt: at("2026-11-26T23:00:00.000Z") });
    expect(await sendWindowCheck("+15005550001", day, at("2026-11-26T23:29:00.000Z"))).toBeNull();
    expect(await sendWindowCheck("+15005550001", day, at("2026-11-26T23:30:00.000Z"))).toEqual(
      at("2026-11-27T23:00:00.000Z"),
    );
    expect(await sendWindowCheck(LA, day, now)).toEqual(at("2026-11-26T17:00:00.000Z"));
  });

  it("zones that never share an open minute get the window in as many of them as possible, never nothing", () => {
    const farApart = ["Pacific/Honolulu", "Pacific/Guam"];
    const hour = { start: "09:00", end: "10:00" };
    // 12:00 UTC: Honolulu 02:00, Guam 22:00. Honolulu's 09:00 (19:00 UTC) comes first.
    expect(bestPartialOpening(hour, farApart, at("2026-11-26T12:00:00.000Z"))).toEqual(at("2026-11-26T19:00:00.000Z"));
    expect(bestPartialOpening(hour, farApart, at("2026-11-26T19:30:00.000Z"))).toEqual(at("2026-11-26T19:30:00.000Z"));
  });

  it("a UK mobile's zones (London, Guernsey, Jersey, Isle of Man) all agree", () => {
    const decision = sendWindowForNumber("+447400123456", day, at("2026-11-26T08:59:00.000Z"));
    expect(decision.zones.length).toBeGreaterThan(1);
    expect(decision.opensAt).toEqual(at("2026-11-26T09:00:00.000Z"));
  });
});

describe("windows across midnight and daylight saving", () => {
  it("start > end crosses midnight", () => {
    const night = { start: "22:00", end: "06:00" };
    const zones = ["Europe/Berlin"]; // UTC+1 in November
    expect(isSendWindowOpen(night, zones, at("2026-11-26T21:00:00.000Z"))).toBe(true); // 22:00
    expect(isSendWindowOpen(night, zones, at("2026-11-27T04:59:00.000Z"))).toBe(true); // 05:59
    expect(isSendWindowOpen(night, zones, at("2026-11-27T05:00:00.000Z"))).toBe(false); // 06:00
    expect(nextSendWindowOpening(night, zones, at("2026-11-27T12:00:00.000Z"))).toEqual(at("2026-11-27T21:00:00.000Z"));
  });

  it("a start that does not exist on the day clocks go forward opens when they land", () => {
    // New York, 2026-03-08: 02:00 EST jumps to 03:00 EDT (07:00 UTC); 02:30 never happens.
    const w = { start: "02:30", end: "04:00" };
    expect(nextSendWindowOpening(w, ["America/New_York"], at("2026-03-08T06:00:00.000Z"))).toEqual(
      at("2026-03-08T07:00:00.000Z"),
    );
  });

  it("the local clock follows the offset change", () => {
    expect(localMinuteOfDay("America/New_York", at("2026-03-08T06:59:00.000Z"))).toBe(1 * 60 + 59);
    expect(localMinuteOfDay("America/New_York", at("2026-03-08T07:00:00.000Z"))).toBe(3 * 60);
    expect(localMinuteOfDay("Asia/Kolkata", at("2026-11-26T00:00:00.000Z"))).toBe(5 * 60 + 30);
  });

  it("parses HH:MM and refuses anything else", () => {
    expect(parseClock("00:00")).toBe(0);
    expect(parseClock("23:59")).toBe(1439);
    for (const bad of ["24:00", "9:00", "09:60", "0900", ""]) expect(parseClock(bad)).toBeUndefined();
    expect(() => isSendWindowOpen({ start: "9", end: "10:00" }, ["Etc/UTC"], new Date())).toThrow(RangeError);
  });

  it("start == end is open all day", () => {
    expect(isSendWindowOpen({ start: "08:00", end: "08:00" }, ["Etc/UTC"], at("2026-11-26T03:00:00.000Z"))).toBe(true);
  });
});
