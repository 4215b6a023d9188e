import { describe, expect, it } from "vitest";
import { resolvePhone } from "@/schemas/local-phone";
import { rowErrorParts } from "./row-error";

describe("an import row's error", () => {
  it("shows the refused value once, where the message names it", () => {
    const refused = resolvePhone("4155550204", null);
    expect(refused.ok).toBe(false);
    const message = refused.ok ? "" : refused.message;
    const parts = rowErrorParts({ value: "4155550204", message });
    expect(parts.map((p) => p.text).join("")).toBe(message);
    expect(parts.filter((p) => p.value)).toEqual([{ text: "4155550204", value: true }]);
    expect(
      parts
        .map((p) => p.text)
        .join("")
        .split("4155550204"),
    ).toHaveLength(2);
  });

  it("puts a value the message does not name in front of it, and leaves a message without one alone", () => {
    expect(rowErrorParts({ value: "nope", message: "`email`: Invalid email address" })).toEqual([
      { text: "nope", value: true },
      { text: " `email`: Invalid email address" },
    ]);
    expect(rowErrorParts({ message: "`phone` is empty." })).toEqual([{ text: "`phone` is empty." }]);
  });
});
