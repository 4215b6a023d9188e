import type { HttpResponse } from "./http.js";

export interface Page<T> {
  items: T[];
  /** The `X-Next-Cursor` of this page: pass it as `cursor` for the next one; undefined after the last. */
  nextCursor: string | undefined;
}

/**
 * A list that follows `X-Next-Cursor` page by page, lazily: `for await (const item of list)` walks
 * every item; `byPage()` walks pages; `firstPage()` fetches one.
 */
export class PageIterator<T> implements AsyncIterable<T> {
  constructor(private readonly fetchPage: (cursor: string | undefined) => Promise<HttpResponse<T[]>>) {}

  async firstPage(cursor?: string): Promise<Page<T>> {
    const res = await this.fetchPage(cursor);
    return { items: res.data, nextCursor: res.headers.get("x-next-cursor") ?? undefined };
  }

  async *byPage(): AsyncGenerator<Page<T>, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.firstPage(cursor);
      yield page;
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.byPage()) yield* page.items;
  }

  /** Every item of every page, in one array. */
  async toArray(): Promise<T[]> {
    const all: T[] = [];
    for await (const item of this) all.push(item);
    return all;
  }
}
