import { afterEach, describe, expect, it, vi } from "vitest";
import { credentialChanged } from "../auth/credential-changes";
import { AppError } from "../errors";
import { STREAM_RECHECK_MS, StreamGuard, type StreamCredential } from "./stream-guard";

afterEach(() => {
  vi.useRealTimers();
});

function credential(over: Partial<StreamCredential> & { recheck: () => Promise<void> }): StreamCredential {
  return { organizationId: "org_a", group: "Bearer a", keyId: "key_a", ...over };
}

describe("StreamGuard", () => {
  it("checks every stream's credential every 30 s, once per credential, and ends the refused ones", async () => {
    vi.useFakeTimers();
    const guard = new StreamGuard();
    let valid = true;
    const recheck = vi.fn(async () => {
      if (!valid) throw new AppError("key_disabled");
    });
    const ended: string[] = [];
    const a = credential({ recheck });
    guard.admit(a, (e) => ended.push(`1:${e.code}`));
    guard.admit(a, (e) => ended.push(`2:${e.code}`));
    await vi.advanceTimersByTimeAsync(STREAM_RECHECK_MS - 1);
    expect(recheck).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(recheck).toHaveBeenCalledTimes(1);
    valid = false;
    await vi.advanceTimersByTimeAsync(STREAM_RECHECK_MS);
    expect(recheck).toHaveBeenCalledTimes(2);
    expect(ended).toEqual(["1:key_disabled", "2:key_disabled"]);
    expect(STREAM_RECHECK_MS).toBeLessThanOrEqual(30_000);
  });

  it("checks at once the streams a credential change in this process concerns, and only those", async () => {
    const guard = new StreamGuard();
    const checked: string[] = [];
    const refuse = (name: string) => async () => {
      checked.push(name);
      throw new AppError("unauthenticated");
    };
    const ended: string[] = [];
    const releaseKey = guard.admit(credential({ group: "k", keyId: "key_1", recheck: refuse("key") }), () =>
      ended.push("key"),
    );
    guard.admit(credential({ group: "u", keyId: undefined, userId: "usr_1", recheck: refuse("user") }), () =>
      ended.push("user"),
    );
    guard.admit(credential({ group: "o", organizationId: "org_b", keyId: "key_2", recheck: refuse("org") }), () =>
      ended.push("org"),
    );
    credentialChanged({ keyId: "key_other" });
    credentialChanged({ userId: "usr_1" });
    await vi.waitFor(() => expect(ended).toEqual(["user"]));
    credentialChanged({ organizationId: "org_b" });
    await vi.waitFor(() => expect(ended).toEqual(["user", "org"]));
    expect(checked).toEqual(["user", "org"]);
    releaseKey();
    credentialChanged({ keyId: "key_1" });
    await new Promise((r) => setTimeout(r, 10));
    expect(checked).toEqual(["user", "org"]);
  });

  it("never ends a stream for a failure that is not a refusal (the database is away)", async () => {
    const guard = new StreamGuard();
    const ended: string[] = [];
    guard.admit(credential({ recheck: async () => Promise.reject(new Error("connection refused")) }), () =>
      ended.push("x"),
    );
    guard.admit(
      credential({
        group: "b",
        keyId: "key_b",
        recheck: async () => Promise.reject(new AppError("service_unavailable")),
      }),
      () => ended.push("y"),
    );
    await guard.recheck();
    expect(ended).toEqual([]);
  });

  it("caps streams per key and per user, and releases places", () => {
    const guard = new StreamGuard({ intervalMs: STREAM_RECHECK_MS, maxPerCredential: 2 });
    const ok = async () => {};
    const releases = [
      guard.admit(credential({ recheck: ok }), () => {}),
      guard.admit(credential({ recheck: ok }), () => {}),
    ];
    expect(() => guard.admit(credential({ recheck: ok }), () => {})).toThrow(
      expect.objectContaining({ code: "too_many_streams", status: 429 }),
    );
    guard.admit(credential({ keyId: undefined, userId: "usr_1", recheck: ok }), () => {});
    releases[0]!();
    releases[0]!();
    guard.admit(credential({ recheck: ok }), () => {});
    expect(guard.size).toBe(3);
  });
});
