import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isTransientDatabaseError } from "./unavailable";

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

describe("isTransientDatabaseError", () => {
  it("is the database away, or a conflict of the moment (serialization, deadlock, lock or statement timeout)", () => {
    for (const err of [
      { code: "P1001", message: "Can't reach database server" },
      { code: "40001", message: "could not serialize access due to concurrent update" },
      { code: "P2010", meta: { driverAdapterError: adapterErrorOf("40P01") } },
      new Error("wrapped", { cause: { code: "57014", message: "canceling statement due to statement timeout" } }),
      { code: "P2034", message: "Transaction failed due to a write conflict or a deadlock" },
    ]) {
      expect(isTransientDatabaseError(err)).toBe(true);
    }
  });

  it("is not the work's own fault: a raised exception, a constraint, a type error", () => {
    for (const err of [
      new TypeError('The "path" argument must be of type string. Received type number'),
      { code: "P0001", message: "injected" },
      { code: "P2010", meta: { driverAdapterError: adapterErrorOf("23505") } },
      { code: "P2002", message: "Unique constraint failed" },
    ]) {
      expect(isTransientDatabaseError(err)).toBe(false);
    }
  });
});

function adapterErrorOf(code: string) {
  return { name: "DriverAdapterError", message: "x", cause: { kind: "postgres", originalCode: code } };
}
