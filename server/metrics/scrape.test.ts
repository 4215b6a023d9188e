import { afterEach, describe, expect, it, vi } from "vitest";

const queries = vi.hoisted(() => ({ count: 0, release: null as null | (() => void) }));
const release = () => (queries.release as null | (() => void))?.();
vi.mock("../db/sql", () => ({
  runSql: async () => {
    queries.count++;
    await new Promise<void>((resolve) => (queries.release = resolve));
    return [{ pipeline_n: 3, pipeline_oldest: new Date(Date.now() - 2_000).toISOString() }];
  },
}));
vi.mock("../db/client", () => ({ getDriver: () => ({ kind: "pglite" }) }));

const { answerScrape } = await import("./scrape");
const { refreshQueueGauges, QUEUE_CACHE_MS } = await import("./queue-gauges");
const { resetEnvForTests } = await import("../env");

afterEach(() => {
  delete process.env.METRICS_TOKEN;
  resetEnvForTests();
});

describe("the scrape", () => {
  it("does not exist (404) while METRICS_TOKEN is unset", async () => {
    const res = await answerScrape(new Request("http://localhost/metrics", { headers: { authorization: "Bearer x" } }));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });

  it("is refused at start-up with a token under 32 characters", async () => {
    process.env.METRICS_TOKEN = "short";
    resetEnvForTests();
    const { getEnv } = await import("../env");
    expect(() => getEnv()).toThrow(/METRICS_TOKEN/);
  });

  it("costs one queue query for any number of concurrent scrapes, and none more within the cache", async () => {
    let now = 1_000_000;
    const clock = () => now;
    const scrapes = Array.from({ length: 10 }, () => refreshQueueGauges(clock));
    await vi.waitFor(() => expect(queries.release).not.toBeNull());
    release();
    await Promise.all(scrapes);
    expect(queries.count).toBe(1);
    now += QUEUE_CACHE_MS - 1;
    await refreshQueueGauges(clock);
    expect(queries.count).toBe(1);
    now += 2;
    queries.release = null;
    const later = refreshQueueGauges(clock);
    await vi.waitFor(() => expect(queries.release).not.toBeNull());
    release();
    await later;
    expect(queries.count).toBe(2);
  });
});
