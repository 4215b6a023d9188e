// Issue 37 §2: the events hub fans every committed event out to the streams of its organization;
// one stream whose sink throws stopped the fan-out of that event to the streams after it (and one
// whose heartbeat threw broke the shared heartbeat timer). Now that stream alone is dropped, with
// reason "error" (its client resumes with Last-Event-ID), logged with its stack, and every other
// stream, of its organization or another, gets every event.
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../db/client";
import { newId } from "../ids";
import { logger } from "../logger";
import { seedOrganization } from "../test/seed";
import { EventHub, type StreamSink } from "./hub";
import type { PositionedRow } from "./read-outbox";

const hub = new EventHub({ intervalMs: 100, heartbeatMs: 60_000 });
afterAll(() => hub.stop());
afterEach(() => vi.restoreAllMocks());

function sink(organizationId: string, send: (row: PositionedRow) => boolean = () => true) {
  const received: string[] = [];
  const closed: string[] = [];
  const s: StreamSink = {
    organizationId,
    types: [],
    send: (row) => {
      const ok = send(row);
      received.push(row.id);
      return ok;
    },
    heartbeat: () => true,
    close: (reason) => void closed.push(reason),
  };
  return { sink: s, received, closed };
}

async function until(check: () => boolean): Promise<void> {
  for (const giveUpAt = Date.now() + 30_000; !check();) {
    if (Date.now() > giveUpAt) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the events hub sets a failing stream aside", () => {
  it("one stream that throws is dropped; its organization's other stream and another organization's get every event", async () => {
    vi.spyOn(logger, "error");
    const a = (await seedOrganization("owner")).organizationId;
    const b = (await seedOrganization("owner")).organizationId;
    const failing = sink(a, () => {
      throw new TypeError("Cannot read properties of undefined");
    });
    const sibling = sink(a);
    const other = sink(b);
    for (const s of [failing, sibling, other]) await hub.subscribe(s.sink);
    expect(hub.connections).toBe(3);

    const events = async (organizationId: string) => {
      const ids = [newId("evt"), newId("evt")];
      for (const id of ids) {
        await getDb().outboxEvent.create({ data: { id, organizationId, type: "webhook.test", payload: {} } });
      }
      return ids;
    };
    const ofA = await events(a);
    const ofB = await events(b);
    await until(() => sibling.received.length >= 2 && other.received.length >= 2);
    expect(sibling.received).toEqual(ofA);
    expect(other.received).toEqual(ofB);
    expect(failing.closed).toEqual(["error"]);
    expect(hub.connections).toBe(2);
    const logged = vi
      .mocked(logger.error)
      .mock.calls.map(([, f]) => f)
      .find((f) => f?.runner === "events-hub");
    expect(logged).toMatchObject({
      organizationId: a,
      errorReference: expect.stringMatching(/^err_/),
      stack: expect.any(String),
    });
  });
});
