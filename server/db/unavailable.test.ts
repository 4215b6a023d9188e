import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable";

describe("isDatabaseUnavailable", () => {
  it("recognizes a stopped, restarting or unreachable database in the shapes Prisma and pg raise", () => {
    const adapterError = (cause: object) => ({ name: "DriverAdapterError", message: "x", cause });
    for (const err of [
      { code: "P1001", message: "Can't reach database server at 127.0.0.1:5432" },
      { code: "P1017", message: "Server has closed the connection." },
      { code: "P2010", meta: { driverAdapterError: adapterError({ kind: "postgres", originalCode: "57P01" }) } },
      adapterError({ kind: "DatabaseNotReachable" }),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      new Error("Connection terminated unexpectedly"),
      new Error("wrapped", { cause: { code: "57P03", message: "the database system is starting up" } }),
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(true);
    }
  });

  it("leaves every other fault alone (those stay 500 or their own code)", () => {
    for (const err of [
      new Error("boom"),
      { code: "P2002", message: "Unique constraint failed" },
      { code: "P2010", meta: { driverAdapterError: adapterErrorOf("22P05") } },
      "a string",
      null,
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
  });
});

function adapterErrorOf(code: string) {
  return { name: "DriverAdapterError", message: "x", cause: { kind: "postgres", originalCode: code } };
}
