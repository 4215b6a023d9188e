import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { describeError } from "./errors";

/** A failed call as the tRPC client hands it over: the server's error shape (server/trpc/init.ts). */
function failed(message: string, data: Record<string, unknown> | null) {
  return new TRPCClientError(message, data ? { result: { error: { message, code: -32600, data } } } : undefined);
}

describe("describeError", () => {
  it("shows the message, the code linked to the error reference, and the call's request-log entry", () => {
    const error = failed("This user is already a member of the organization.", {
      code: "CONFLICT",
      httpStatus: 409,
      appCode: "already_member",
      docUrl: "/docs/errors#already_member",
      requestId: "req_01JZ example/1",
    });
    expect(describeError(error)).toEqual({
      message: "This user is already a member of the organization.",
      code: "already_member",
      docUrl: "/docs/errors#already_member",
      logUrl: "/dashboard/logs?id=req_01JZ%20example%2F1",
    });
  });

  it("links no log entry when the server logged none, and says so when the server was not reached", () => {
    const unlogged = failed("Your session has ended. Sign in again.", {
      appCode: "unauthenticated",
      docUrl: "/docs/errors#unauthenticated",
      requestId: null,
    });
    expect(describeError(unlogged)).toMatchObject({ code: "unauthenticated", logUrl: null });
    expect(describeError(failed("fetch failed", null))).toEqual({
      message: "Could not reach SignalGate. Check your connection and try again.",
      code: null,
      docUrl: null,
      logUrl: null,
    });
    expect(describeError(new Error("not a call"), "Could not copy.")).toEqual({
      message: "Could not copy.",
      code: null,
      docUrl: null,
      logUrl: null,
    });
  });
});
