import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { getDb } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { newIdAt } from "../ids";
import { seedMember, seedOrganization } from "../test/seed";
import { api, seedSender } from "../test/messaging";
import { receiveInboundMessage } from "../inbound/receive-inbound";
import { callerFor, postTrpc, trpcError } from "../test/trpc";
import type { Role } from "@/schemas/roles";

type Seed = Partial<Prisma.MessageCreateManyInput>;

/** Messages in `organizationId`, created one second apart in the order given (ids sort the same way). */
async function seedMessages(organizationId: string, rows: Seed[], start = new Date("2026-11-20T10:00:00.000Z")) {
  // Each id carries its row's creation time, as the service mints them (lists page and filter
  // dates by id).
  const data: Prisma.MessageCreateManyInput[] = rows.map((row, i) => ({
    id: newIdAt("msg", new Date(row.createdAt ?? start.getTime() + i * 1000)),
    organizationId,
    environment: "test",
    to: "+14155550123",
    from: "SG",
    body: `message ${i}`,
    segments: 1,
    encoding: "GSM-7",
    status: "DELIVERED",
    createdAt: new Date(start.getTime() + i * 1000),
    ...row,
  }));
  await getDb().message.createMany({ data });
  return data.map((d) => d.id);
}

async function member(role: Role) {
  const owner = await seedOrganization("owner");
  const who = role === "owner" ? owner : await seedMember(owner.organizationId, role);
  return { ...who, caller: callerFor(who.userId, who.organizationId) };
}

describe("messages router", () => {
  it("lists newest first and pages with the cursor until nextCursor is null", async () => {
    const owner = await member("owner");
    const ids = await seedMessages(
      owner.organizationId,
      Array.from({ length: 7 }, () => ({})),
    );
    const newestFirst = [...ids].reverse();

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await owner.caller.messages.list({ limit: 3, direction: "forward", ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst);

    const all = await owner.caller.messages.list({});
    expect(all.items).toHaveLength(7);
    expect(all.nextCursor).toBeNull();
    expect(Object.keys(all.items[0]!).sort()).toEqual(
      [
        "createdAt",
        "direction",
        "encoding",
        "environment",
        "errorCode",
        "from",
        "id",
        "origin",
        "price",
        "segments",
        "status",
        "to",
        "snippet",
        "apiKeyName",
      ].sort(),
    );
    // A row shows the body's beginning (issue 30), never the whole of a long one.
    expect(all.items.at(-1)!.snippet).toBe("message 0");

    const err = await trpcError(owner.caller.messages.list({ limit: 101 }));
    expect(err.code).toBe("BAD_REQUEST");
  });

  it("filters by status, environment, recipient prefix and date range", async () => {
    const owner = await member("owner");
    const [queued, failed, live, other, late] = await seedMessages(owner.organizationId, [
      { status: "QUEUED" },
      { status: "FAILED", errorCode: "invalid_number", to: "+15005550001" },
      { environment: "live", to: "+442071838750" },
      { to: "+14155559999" },
      { createdAt: new Date("2026-11-22T09:00:00.000Z") },
    ]);
    const list = async (input: Parameters<typeof owner.caller.messages.list>[0]) =>
      (await owner.caller.messages.list(input)).items.map((m) => m.id);

    expect(await list({ status: "QUEUED" })).toEqual([queued]);
    expect(await list({ status: "FAILED" })).toEqual([failed]);
    expect((await owner.caller.messages.list({ status: "FAILED" })).items[0]).toMatchObject({
      errorCode: "invalid_number",
      to: "+15005550001",
    });
    expect(await list({ environment: "live" })).toEqual([live]);
    expect(await list({ environment: "test" })).toHaveLength(4);
    expect(await list({ to: "+14155559999" })).toEqual([other]);
    expect(await list({ to: "+1415555" })).toEqual([late, other, queued]);
    // Pasted with spaces and without the plus: still a prefix of the same numbers.
    expect(await list({ to: "44 20 7183" })).toEqual([live]);
    expect(await list({ status: "DELIVERED", to: "+1" })).toEqual([late, other]);
    expect(await list({ from: new Date("2026-11-21T00:00:00.000Z") })).toEqual([late]);
    expect(
      await list({ from: new Date("2026-11-20T10:00:01.000Z"), until: new Date("2026-11-20T10:00:03.000Z") }),
    ).toEqual([live, failed]);

    // A LIKE wildcard is not a phone number: refused, not used as a pattern.
    const wildcard = await trpcError(owner.caller.messages.list({ to: "+1%" }));
    expect(wildcard.code).toBe("BAD_REQUEST");
    expect(wildcard.cause).toBeInstanceOf(ZodError);
    expect((wildcard.cause as ZodError).issues[0]).toMatchObject({
      path: ["to"],
      message: expect.stringMatching(/phone number/),
    });
    const backwards = await trpcError(
      owner.caller.messages.list({ from: new Date("2026-11-21"), until: new Date("2026-11-20") }),
    );
    expect(backwards.code).toBe("BAD_REQUEST");
  });

  it("keeps organizations apart: another org's messages are neither listed nor readable", async () => {
    const a = await member("owner");
    const b = await member("owner");
    const [theirs] = await seedMessages(b.organizationId, [{ body: "b's secret" }]);
    const [mine] = await seedMessages(a.organizationId, [{}]);

    expect((await a.caller.messages.list({})).items.map((m) => m.id)).toEqual([mine]);
    const err = await trpcError(a.caller.messages.byId({ id: theirs! }));
    expect(err.code).toBe("NOT_FOUND");
    expect(err.message).not.toContain("b's secret");
    const unknown = await trpcError(a.caller.messages.byId({ id: "msg_doesnotexist" }));
    expect(unknown.code).toBe("NOT_FOUND");
    expect(unknown.message.replace("msg_doesnotexist", theirs!)).toBe(err.message);
  });

  it("shows the timeline, carrier and error of a message", async () => {
    const owner = await member("developer");
    const t = (s: number) => new Date(Date.parse("2026-11-20T10:00:00.000Z") + s);
    const [delivered, undelivered] = await seedMessages(owner.organizationId, [
      { provider: "sandbox", providerMessageId: "sbx_1", sentAt: t(400), deliveredAt: t(1200), segments: 2 },
      {
        status: "UNDELIVERED",
        provider: "sandbox",
        sentAt: t(1300),
        failedAt: t(2100),
        errorCode: "carrier_rejected",
        errorMessage: "The destination carrier rejected the message.",
        encoding: "UCS-2",
      },
    ]);

    const one = await owner.caller.messages.byId({ id: delivered! });
    expect(one).toMatchObject({
      id: delivered,
      status: "DELIVERED",
      segments: 2,
      encoding: "GSM-7",
      provider: "sandbox",
      providerMessageId: "sbx_1",
      origin: "dashboard",
      body: "message 0",
      bodyHidden: false,
      errorCode: null,
    });
    expect(one.timeline).toEqual([
      { status: "QUEUED", at: "2026-11-20T10:00:00.000Z" },
      { status: "SENT", at: "2026-11-20T10:00:00.400Z" },
      { status: "DELIVERED", at: "2026-11-20T10:00:01.200Z" },
    ]);

    const two = await owner.caller.messages.byId({ id: undelivered! });
    expect(two).toMatchObject({ errorCode: "carrier_rejected", encoding: "UCS-2", deliveredAt: null });
    expect(two.timeline.map((e) => e.status)).toEqual(["QUEUED", "SENT", "UNDELIVERED"]);
    expect(JSON.stringify(two)).not.toMatch(/lockedUntil|nextAttemptAt|attempts|organizationId/);
  });

  it("hides live bodies from support but shows sandbox bodies, and shows live bodies to developers", async () => {
    const owner = await member("owner");
    const support = callerFor((await seedMember(owner.organizationId, "support")).userId, owner.organizationId);
    const developer = callerFor((await seedMember(owner.organizationId, "developer")).userId, owner.organizationId);
    const [live, sandbox] = await seedMessages(owner.organizationId, [
      { environment: "live", body: "Your bank code is 424242" },
      { environment: "test", body: "sandbox hello" },
    ]);

    const hidden = await support.messages.byId({ id: live! });
    expect(hidden).toMatchObject({ body: null, bodyHidden: true, environment: "live" });
    expect(JSON.stringify(hidden)).not.toContain("424242");
    expect(await support.messages.byId({ id: sandbox! })).toMatchObject({ body: "sandbox hello", bodyHidden: false });
    expect(JSON.stringify(await support.messages.list({}))).not.toContain("424242");
    const supportRows = (await support.messages.list({})).items;
    expect(supportRows.find((m) => m.id === sandbox)!.snippet).toBe("sandbox hello");
    expect(supportRows.find((m) => m.id === live)!.snippet).toBeNull();
    const developerRows = (await developer.messages.list({})).items;
    expect(developerRows.find((m) => m.id === live)!.snippet).toBe("Your bank code is 424242");

    expect(await developer.messages.byId({ id: live! })).toMatchObject({
      body: "Your bank code is 424242",
      bodyHidden: false,
    });
  });

  it("masks a sandbox OTP message's code for support, in the list, the detail and the inbox thread", async () => {
    const org = await seedSender();
    const support = callerFor((await seedMember(org.organizationId, "support")).userId, org.organizationId);
    const developer = callerFor((await seedMember(org.organizationId, "developer")).userId, org.organizationId);
    const sent = await api.otpSend(org.testKey, { to: "+14155550188" });
    expect(sent.status).toBe(202);
    const { messageId } = sent.json as { messageId: string };
    const { body } = await getDb().message.findUniqueOrThrow({
      where: { organizationId_id: { organizationId: org.organizationId, id: messageId } },
    });
    const code = /verification code is (\d+)/.exec(body)![1]!;

    const shown = await support.messages.byId({ id: messageId });
    expect(shown.body).toMatch(/verification code is ••••••\./);
    const row = (await support.messages.list({})).items.find((m) => m.id === messageId)!;
    expect(row.snippet).toMatch(/verification code is ••••••/);
    const thread = await support.inbox.conversation({ phone: "+14155550188" });
    expect(thread.find((m) => m.id === messageId)!.body).toMatch(/verification code is ••••••/);
    for (const answer of [shown, row, thread]) expect(JSON.stringify(answer)).not.toContain(code);
    // Developers (and owners, admins) still see it: the sandbox is where they test their OTP flow.
    expect((await developer.messages.byId({ id: messageId })).body).toBe(body);
  });

  it("inbox: simulates an inbound message and replies from the thread, in the sandbox only", async () => {
    const org = await seedSender();
    const developer = callerFor((await seedMember(org.organizationId, "developer")).userId, org.organizationId);
    const support = callerFor((await seedMember(org.organizationId, "support")).userId, org.organizationId);
    const phone = "+14155550177";
    const received = await developer.inbox.simulate({ from: phone, body: "Is my order shipped?" });
    expect(received).toMatchObject({ direction: "inbound", from: phone, environment: "test" });

    const sent = await developer.inbox.reply({ phone, body: "Yes, this morning." });
    expect(sent).toMatchObject({ to: phone, from: received.to, environment: "test" });
    const thread = await developer.inbox.conversation({ phone });
    expect(thread.map((m) => [m.direction, m.body])).toEqual([
      ["outbound", "Yes, this morning."],
      ["inbound", "Is my order shipped?"],
    ]);
    expect((await trpcError(support.inbox.reply({ phone, body: "no" }))).code).toBe("FORBIDDEN");
    expect((await trpcError(developer.inbox.reply({ phone: "+14155550178", body: "hi" }))).code).toBe("NOT_FOUND");

    // A live conversation is answered through the API, not the dashboard.
    await receiveInboundMessage(getDb(), {
      from: "+14155550179",
      to: "+15005550006",
      body: "live hello",
      environment: "live",
      organizationId: org.organizationId,
      provider: "twilio",
    });
    const live = await trpcError(developer.inbox.reply({ phone: "+14155550179", body: "hi" }));
    expect(live).toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("live API key") });
  });

  it("lets a developer send a test SMS, always in the sandbox, and refuses support with FORBIDDEN", async () => {
    const dev = await member("developer");
    const sent = await dev.caller.messages.sendTest({ to: "+14155550123", body: "Hi from the dashboard ✓" });
    expect(sent).toMatchObject({
      status: "QUEUED",
      environment: "test",
      to: "+14155550123",
      from: "SG",
      encoding: "UCS-2",
      segments: 1,
    });
    const row = await getDb().message.findFirstOrThrow({ where: { id: sent.messageId } });
    expect(row).toMatchObject({ organizationId: dev.organizationId, environment: "test", apiKeyId: null });
    const listed = await dev.caller.messages.list({});
    expect(listed.items.map((m) => [m.id, m.origin])).toEqual([[sent.messageId, "dashboard"]]);

    // An environment in the input is not a choice the caller gets.
    const sneaky = await postTrpc(
      "messages.sendTest",
      { to: "+14155550123", body: "x", environment: "live" },
      { user: { id: dev.userId } },
    );
    expect(sneaky.status).toBe(400);

    const invalid = await postTrpc("messages.sendTest", { to: "0123", body: "" }, { user: { id: dev.userId } });
    expect(invalid.status).toBe(400);
    const fields = invalid.body.error?.json.data.zodError?.fieldErrors ?? {};
    expect(Object.keys(fields).sort()).toEqual(["body", "to"]);

    const support = await seedMember(dev.organizationId, "support");
    const err = await trpcError(
      callerFor(support.userId, dev.organizationId).messages.sendTest({ to: "+14155550123", body: "nope" }),
    );
    expect(err.code).toBe("FORBIDDEN");
    expect(await getDb().message.count({ where: { organizationId: dev.organizationId } })).toBe(1);
  });

  it("refuses signed-out callers", async () => {
    const err = await trpcError(callerFor(null).messages.list({}));
    expect(err.code).toBe("UNAUTHORIZED");
  });
});
