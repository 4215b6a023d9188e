// The Inbox's reads (issue 17, item 6): conversations by sender from a bounded window of the newest
// inbound messages, and one number's conversation both ways, newest first.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { insertMessages } from "../messages/insert-messages";
import { newMessage } from "../test/new-message";
import { seedMember, seedOrganization } from "../test/seed";
import { callerFor, trpcError } from "../test/trpc";
import { getConversation, listConversations } from "./conversations";
import { receiveInboundMessage, receiveInboundMessages } from "./receive-inbound";

const ADA = "+14155550171";
const BOB = "+14155550172";

async function inbound(organizationId: string, from: string, body: string) {
  const r = await receiveInboundMessage(getDb(), {
    from,
    to: "+15005550006",
    body,
    environment: "test",
    organizationId,
    provider: "sandbox",
  });
  if (r.outcome !== "stored") throw new Error(r.outcome);
  return r.messageId;
}

async function outbound(organizationId: string, to: string, body: string, environment: "live" | "test") {
  const message = newMessage(organizationId, { to, body, environment, priceUnits: environment === "live" ? 79 : 0 });
  expect(await insertMessages(null, [{ ...message, country: "US" }], new Date())).toEqual([null]);
}

describe("the Inbox", () => {
  it("lists each sender once with their latest message, newest first, and pages by window", async () => {
    const org = await seedOrganization("owner");
    await inbound(org.organizationId, ADA, "hi");
    await inbound(org.organizationId, BOB, "hello");
    const last = await inbound(org.organizationId, ADA, "again");

    const page = await listConversations(getDb(), org.organizationId);
    expect(page.items.map((c) => [c.phone, c.lastBody])).toEqual([
      [ADA, "again"],
      [BOB, "hello"],
    ]);
    expect(page.items[0]).toMatchObject({ lastMessageId: last, number: "+15005550006", environment: "test" });
    expect(page.nextCursor).toBeNull();

    // Windows of 2: [again, hello] then [hi].
    const first = await listConversations(getDb(), org.organizationId, {}, 2);
    expect(first.items.map((c) => c.phone)).toEqual([ADA, BOB]);
    const second = await listConversations(getDb(), org.organizationId, { cursor: first.nextCursor! }, 2);
    expect(second.items.map((c) => [c.phone, c.lastBody])).toEqual([[ADA, "hi"]]);
    expect(second.nextCursor).toBeNull();
  });

  it("shows one number's conversation both ways, hiding live outbound bodies from roles that may not read them", async () => {
    const org = await seedOrganization("owner");
    await inbound(org.organizationId, ADA, "hi");
    await outbound(org.organizationId, ADA, "reply in the sandbox", "test");
    await outbound(org.organizationId, ADA, "live reply", "live");
    await outbound(org.organizationId, BOB, "not Ada's", "test");
    await inbound(org.organizationId, BOB, "not Ada's either");

    const thread = await getConversation(getDb(), org.organizationId, ADA, {
      canReadLiveBody: true,
      canReadOtpCodes: true,
    });
    expect(thread.map((m) => [m.direction, m.body])).toEqual([
      ["outbound", "live reply"],
      ["outbound", "reply in the sandbox"],
      ["inbound", "hi"],
    ]);
    const support = callerFor((await seedMember(org.organizationId, "support")).userId).inbox;
    expect((await support.conversation({ phone: ADA })).map((m) => m.body)).toEqual([
      null,
      "reply in the sandbox",
      "hi",
    ]);
    expect((await support.conversations({})).items.map((c) => c.phone)).toEqual([BOB, ADA]);
  });

  it("keeps organizations apart, and lets support read the keyword settings but not change them", async () => {
    const a = await seedOrganization("owner", "A");
    const b = await seedOrganization("owner", "B");
    await inbound(a.organizationId, ADA, "for A");
    const other = callerFor(b.userId).inbox;
    expect((await other.conversations({})).items).toEqual([]);
    expect(await other.conversation({ phone: ADA })).toEqual([]);

    const owner = callerFor(a.userId).inbox;
    expect(await owner.updateSettings({ helpReply: "Call us." })).toMatchObject({ helpReply: "Call us." });
    const support = callerFor((await seedMember(a.organizationId, "support")).userId).inbox;
    expect((await support.settings()).helpReply).toBe("Call us.");
    expect((await trpcError(support.updateSettings({ keywordsEnabled: false }))).code).toBe("FORBIDDEN");
  });

  it("puts each keyword's auto-reply after its trigger, labelled, even in the same millisecond (issue 30)", async () => {
    const org = await seedOrganization("owner");
    const at = new Date("2026-11-26T20:58:03.000Z");
    // Each reply would be made in its trigger's millisecond; STOP comes from a carrier whose clock
    // is 5 s ahead of ours. Ordering by id (or created_at) must still answer trigger, then reply.
    const plus = (ms: number) => new Date(at.getTime() + ms);
    for (const [body, receivedAt, now] of [
      ["HELP", at, at],
      ["START", plus(1000), plus(1000)],
      ["STOP", plus(7000), plus(2000)],
    ] as const) {
      const r = await receiveInboundMessages(
        getDb(),
        [
          {
            from: ADA,
            to: "+15005550006",
            body,
            environment: "test",
            organizationId: org.organizationId,
            provider: "sandbox",
            receivedAt,
          },
        ],
        now,
      );
      expect(r[0]!.outcome).toBe("stored");
    }
    const thread = [
      ...(await getConversation(getDb(), org.organizationId, ADA, { canReadLiveBody: true, canReadOtpCodes: true })),
    ].reverse();
    expect(thread.map((m) => [m.direction, m.autoReply, m.body?.split(" ").slice(0, 3).join(" ")])).toEqual([
      ["inbound", null, "HELP"],
      ["outbound", "help", "Reply STOP to"],
      ["inbound", null, "START"],
      ["outbound", "start", "You are subscribed"],
      ["inbound", null, "STOP"],
      ["outbound", "stop", "You are unsubscribed"],
    ]);
    // STOP was received 5 s ahead: its reply is created after it, not at our earlier clock.
    const stop = thread[4]!;
    const stopReply = thread[5]!;
    expect(Date.parse(stopReply.at)).toBeGreaterThan(Date.parse(stop.at));

    const list = await callerFor(org.userId).messages.list({});
    const origins = list.items.filter((m) => m.direction === "outbound").map((m) => m.origin);
    expect(origins.sort()).toEqual(["auto_reply_help", "auto_reply_start", "auto_reply_stop"]);
  });

  it("marks senders on the opt-out list", async () => {
    const org = await seedOrganization("owner");
    await inbound(org.organizationId, ADA, "hi");
    await inbound(org.organizationId, BOB, "STOP");
    const page = await listConversations(getDb(), org.organizationId);
    expect(page.items.map((c) => [c.phone, c.optedOut])).toEqual([
      [BOB, true],
      [ADA, false],
    ]);
    await inbound(org.organizationId, BOB, "start");
    expect((await listConversations(getDb(), org.organizationId)).items.find((c) => c.phone === BOB)!.optedOut).toBe(
      false,
    );
  });
});
