import { describe, expect, it } from "vitest";
import { describeNumber } from "./describe-number";

const view = (number: string) => ({
  number,
  organizationId: "org_x",
  type: "long_code" as const,
  mps: 1,
  createdAt: "2026-11-26T00:00:00.000Z",
});

describe("describeNumber", () => {
  it("names a long code's country and type from libphonenumber's metadata", () => {
    expect(describeNumber(view("+14155550100"))).toMatchObject({ kind: "long_code", country: "US" });
    expect(describeNumber(view("+447400123456"))).toMatchObject({ kind: "mobile", country: "GB" });
    expect(describeNumber(view("+442079460000"))).toMatchObject({ kind: "landline", country: "GB" });
    expect(describeNumber(view("+18005550100"))).toMatchObject({ kind: "toll_free", country: "US" });
  });

  it("knows a short code by its shape, with no country", () => {
    expect(describeNumber(view("12345"))).toMatchObject({ kind: "short_code", country: null, number: "12345" });
  });
});
