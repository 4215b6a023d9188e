import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../db/client";
import { newId } from "../ids";
import { uniqueEmail } from "../test/http";
import { hashPassword } from "./password";
import { verifyCredentials } from "./verify-credentials";

// The real argon2 verify, with its calls recorded: an unknown email must cost one verification
// against a hash made with the same parameters as real ones, so it answers in the same time.
const argon2 = vi.hoisted(() => ({ calls: [] as { hash: string }[] }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.calls.push({ hash: String(args[0]) });
      return real.verify(...args);
    },
  };
});

const password = "correct horse battery";

/** `$argon2id$v=19$m=19456,t=2,p=1$`: the algorithm and cost part of an encoded hash. */
function costOf(hash: string): string {
  return hash.split("$").slice(0, 4).join("$");
}

beforeEach(() => {
  argon2.calls.length = 0;
});

describe("verifyCredentials", () => {
  it("runs one argon2 verification for an unknown email, at the cost of a real password hash", async () => {
    const email = uniqueEmail();
    const passwordHash = await hashPassword(password);
    await getDb().user.create({ data: { id: newId("usr"), email, passwordHash } });

    expect(await verifyCredentials(getDb(), email, "not the password")).toBeNull();
    expect(argon2.calls).toEqual([{ hash: passwordHash }]);

    argon2.calls.length = 0;
    expect(await verifyCredentials(getDb(), uniqueEmail("nobody"), "not the password")).toBeNull();
    expect(argon2.calls).toHaveLength(1);
    const dummy = argon2.calls[0]!.hash;
    expect(dummy).not.toBe(passwordHash);
    expect(costOf(dummy)).toBe(costOf(passwordHash));
    expect(costOf(dummy)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1$/);

    argon2.calls.length = 0;
    expect(await verifyCredentials(getDb(), email, password)).toMatchObject({ email });
    expect(argon2.calls).toHaveLength(1);
  });
});
