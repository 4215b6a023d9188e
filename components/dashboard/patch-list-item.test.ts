import type { InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { patchListItem } from "./detail-drawer";

type Row = { id: string; status: string };
type Page = { items: Row[]; nextCursor: string | null };

describe("patchListItem", () => {
  it("patches the row in every page of an infinite list", () => {
    const data: InfiniteData<Page> = {
      pages: [
        { items: [{ id: "a", status: "PENDING" }], nextCursor: "x" },
        { items: [{ id: "b", status: "PENDING" }], nextCursor: null },
      ],
      pageParams: [undefined, "x"],
    };
    const out = patchListItem<Row, Page>(data, "b", { status: "SUCCEEDED" });
    expect(out && "pages" in out ? out.pages.map((p) => p.items.map((r) => r.status)) : out).toEqual([
      ["PENDING"],
      ["SUCCEEDED"],
    ]);
    expect(data.pages[1]!.items[0]!.status).toBe("PENDING");
  });

  it("patches a plain page cached by the same procedure (a drawer's short list) instead of throwing", () => {
    const page: Page = { items: [{ id: "a", status: "PENDING" }], nextCursor: null };
    const out = patchListItem<Row, Page>(page, "a", { status: "FAILED" });
    expect(out).toEqual({ items: [{ id: "a", status: "FAILED" }], nextCursor: null });
    expect(patchListItem<Row, Page>(undefined, "a", { status: "FAILED" })).toBeUndefined();
  });
});
