import { describe, expect, it } from "vitest";
import { MAX_PAUSE_MS, pauseAfterRound } from "./pace";

describe("pauseAfterRound", () => {
  it("pauses only yieldMs when the API is idle, however long the round", () => {
    expect(pauseAfterRound({ roundMs: 400, apiBusy: false, yieldMs: 10, busyShare: 0.5 })).toBe(10);
    expect(pauseAfterRound({ roundMs: 400, apiBusy: false, yieldMs: 0, busyShare: 0.5 })).toBe(0);
  });

  it("keeps the pipeline to busyShare of the time while the API is busy", () => {
    // Half: as long as the round. A quarter: three times the round.
    expect(pauseAfterRound({ roundMs: 80, apiBusy: true, yieldMs: 10, busyShare: 0.5 })).toBe(80);
    expect(pauseAfterRound({ roundMs: 80, apiBusy: true, yieldMs: 10, busyShare: 0.25 })).toBe(240);
    // Three quarters: a third of the round.
    expect(pauseAfterRound({ roundMs: 90, apiBusy: true, yieldMs: 0, busyShare: 0.75 })).toBe(30);
  });

  it("never pauses less than yieldMs, nor more than MAX_PAUSE_MS", () => {
    expect(pauseAfterRound({ roundMs: 2, apiBusy: true, yieldMs: 10, busyShare: 0.5 })).toBe(10);
    expect(pauseAfterRound({ roundMs: 5_000, apiBusy: true, yieldMs: 10, busyShare: 0.5 })).toBe(MAX_PAUSE_MS);
  });

  it("a share of 1 never gives way", () => {
    expect(pauseAfterRound({ roundMs: 200, apiBusy: true, yieldMs: 10, busyShare: 1 })).toBe(10);
  });
});
