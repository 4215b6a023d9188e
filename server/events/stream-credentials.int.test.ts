// Issue 38, item 2: an event stream lives only as long as the credential that opened it. Over the
// real stream route: revocations in this process end streams at once with `event: error`, the
// periodic check ends a stream whose token expired, the SDK (as `signalgate listen` uses it)
// renews and resumes after the last event, and streams are capped per key and per user.
import { afterAll, describe, expect, it, vi } from "vitest";
import { SignalGate } from "@/sdk/src/index";
import { getDb } from "@/server/db/client";
import { newId } from "@/server/ids";
import { SYSTEM_ACTOR, userActor } from "@/server/audit/actor";
import { seedApiKey, seedMember, seedOrganization } from "@/server/test/seed";
import { expectError } from "@/server/test/http";
import { deleteApiKey, setApiKeyActive, updateApiKey } from "@/server/api-keys/update-api-key";
import { regenerateApiKey } from "@/server/api-keys/regenerate-api-key";
import { startSession } from "@/server/auth/refresh-tokens";
import { revokeSessionById } from "@/server/accounts/sessions";
import { removeMember } from "@/server/orgs/change-member";
import { setRequireMfa } from "@/server/two-factor/require-mfa";
import { confirmTotpEnrollment, startTotpEnrollment } from "@/server/two-factor/enrollment";
import { totpCodeAt } from "@/server/two-factor/totp";
import * as stream from "@/app/api/v1/developer/events/stream/route";
import * as refresh from "@/app/api/v1/auth/refresh/route";
import { eventHub } from "./hub";
import { MAX_STREAMS_PER_CREDENTIAL, streamGuard } from "./stream-guard";

afterAll(async () => {
  await eventHub().stop();
});

const ORIGIN = { ip: "192.0.2.7", userAgent: "stream test" };

function open(token: string, headers: Record<string, string> = {}) {
  const ac = new AbortController();
  const req = new Request("http://localhost/api/v1/developer/events/stream", {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: ac.signal,
  });
  return { res: stream.GET(req, { params: Promise.resolve(undefined) }), abort: () => ac.abort() };
}

/** Reads a stream to its end (or `ms`), answering the frames with an `event:` line. */
async function frames(res: Response, ms = 20_000): Promise<{ event: string; data: string }[]> {
  const out: { event: string; data: string }[] = [];
  const reader = res.body!.getReader();
  const timer = setTimeout(() => void reader.cancel(), ms);
  let text = "";
  for (;;) {
    const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
    if (chunk.done) break;
    text += new TextDecoder().decode(chunk.value);
  }
  clearTimeout(timer);
  for (const block of text.split("\n\n")) {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    if (event) out.push({ event, data: /^data: (.*)$/m.exec(block)?.[1] ?? "" });
  }
  return out;
}

const ended = (f: { event: string; data: string }[]) => {
  const last = f.at(-1);
  return last?.event === "error" ? (JSON.parse(last.data) as { code: string; status: number }) : null;
};

async function commitEvent(organizationId: string): Promise<string> {
  const id = newId("evt");
  await getDb().$executeRawUnsafe(
    `INSERT INTO outbox_events (id, organization_id, type, payload, dispatched_at)
     VALUES ($1, $2, 'message.queued', '{}', now())`,
    id,
    organizationId,
  );
  return id;
}

describe("a stream opened with an API key", () => {
  it("ends at once, naming why, when the key is disabled, deleted, regenerated or loses webhooks.manage", async () => {
    const owner = await seedOrganization();
    const keyed = async () => {
      const key = await seedApiKey(owner.organizationId, { permissions: ["webhooks.manage", "sms.send"] });
      const res = await open(key.rawKey).res;
      expect(res.status).toBe(200);
      return { key, body: frames(res) };
    };
    const disabled = await keyed();
    const deleted = await keyed();
    const regenerated = await keyed();
    const narrowed = await keyed();
    await setApiKeyActive(getDb(), owner.organizationId, disabled.key.id, false, SYSTEM_ACTOR);
    await deleteApiKey(getDb(), owner.organizationId, deleted.key.id, SYSTEM_ACTOR);
    await regenerateApiKey(getDb(), owner.organizationId, regenerated.key.id, SYSTEM_ACTOR);
    await updateApiKey(getDb(), owner.organizationId, narrowed.key.id, { permissions: ["sms.send"] }, SYSTEM_ACTOR);
    expect(ended(await disabled.body)).toMatchObject({ code: "key_disabled", status: 401 });
    expect(ended(await deleted.body)).toMatchObject({ code: "unauthenticated", status: 401 });
    expect(ended(await regenerated.body)).toMatchObject({ code: "unauthenticated", status: 401 });
    expect(ended(await narrowed.body)).toMatchObject({ code: "insufficient_scope", status: 403 });
    expect(streamGuard().size).toBe(0);
  });

  it("holds at most 20 streams per key, with rate limiting off too, and frees a place when one closes", async () => {
    const owner = await seedOrganization();
    await getDb().organization.update({ where: { id: owner.organizationId }, data: { rateLimitEnabled: false } });
    const key = await seedApiKey(owner.organizationId, { permissions: ["webhooks.manage"] });
    const opened = [];
    for (let i = 0; i < MAX_STREAMS_PER_CREDENTIAL; i++) {
      const s = open(key.rawKey);
      expect((await s.res).status).toBe(200);
      opened.push(s);
    }
    const refused = await open(key.rawKey).res;
    const body = await refused.json();
    expectError(
      { status: refused.status, headers: refused.headers, json: body, text: JSON.stringify(body) },
      429,
      "too_many_streams",
    );
    // Another key of the same organization has its own cap.
    const other = await seedApiKey(owner.organizationId, { permissions: ["webhooks.manage"] });
    const fine = open(other.rawKey);
    expect((await fine.res).status).toBe(200);
    opened[0]!.abort();
    const again = open(key.rawKey);
    expect((await again.res).status).toBe(200);
    for (const s of [...opened, fine, again]) s.abort();
    expect(streamGuard().size).toBe(0);
  });
});

describe("a stream opened with an access token", () => {
  it("ends at once when its session is revoked, its member removed, or two-factor becomes required", async () => {
    const owner = await seedOrganization();
    const { secret } = await startTotpEnrollment(getDb(), owner.userId);
    await confirmTotpEnrollment(getDb(), owner.userId, totpCodeAt(secret, new Date()), SYSTEM_ACTOR);
    const signedIn = async (role: "developer" | "admin") => {
      const m = await seedMember(owner.organizationId, role);
      const session = await startSession(
        getDb(),
        { id: m.userId },
        { organizationId: owner.organizationId, role },
        ORIGIN,
      );
      const res = await open(session.accessToken).res;
      expect(res.status).toBe(200);
      return { m, body: frames(res) };
    };
    const revoked = await signedIn("developer");
    const removed = await signedIn("developer");
    const unenrolled = await signedIn("admin");
    const [family] = await getDb().refreshTokenFamily.findMany({ where: { userId: revoked.m.userId } });
    await revokeSessionById(getDb(), revoked.m.userId, family!.id, userActor(revoked.m.userId, ORIGIN));
    expect(ended(await revoked.body)).toMatchObject({ code: "unauthenticated" });
    const membership = await getDb().membership.findFirstOrThrow({ where: { userId: removed.m.userId } });
    await removeMember(getDb(), owner.organizationId, { memberId: membership.id }, "owner", SYSTEM_ACTOR);
    expect(ended(await removed.body)).toMatchObject({ code: "unauthenticated" });
    await setRequireMfa(getDb(), owner.organizationId, owner, true, SYSTEM_ACTOR);
    expect(ended(await unenrolled.body)).toMatchObject({ code: "mfa_enrollment_required" });
  });

  it("ends at the next check once the token expires; the SDK renews it and resumes after the last event", async () => {
    const owner = await seedOrganization();
    const session = await startSession(
      getDb(),
      { id: owner.userId },
      { organizationId: owner.organizationId, role: "owner" },
      ORIGIN,
    );
    const routes: Record<string, (req: Request) => Promise<Response>> = {
      "/api/v1/developer/events/stream": (req) => stream.GET(req, { params: Promise.resolve(undefined) }),
      "/api/v1/auth/refresh": (req) => refresh.POST(req, { params: Promise.resolve(undefined) }),
    };
    const renewed: string[] = [];
    const sg = new SignalGate({
      baseUrl: "http://localhost",
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      onTokens: (pair) => renewed.push(pair.accessToken),
      fetch: async (url, init) => {
        const res = await routes[new URL(String(url)).pathname]!(new Request(url, init as RequestInit));
        // As a real fetch does, the caller's abort ends reading the body.
        const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
        void res.body?.pipeTo(writable, { signal: (init as RequestInit).signal ?? undefined }).catch(() => {});
        return new Response(res.body ? readable : null, res);
      },
    });
    const ac = new AbortController();
    const seen: { type: string; id?: string; code?: string; lastEventId?: string }[] = [];
    const reading = (async () => {
      for await (const m of sg.events.stream({ signal: ac.signal })) {
        if (m.type === "event") seen.push({ type: "event", id: m.id });
        else if (m.type === "disconnected") seen.push({ type: m.type, code: (m.error as { code?: string })?.code });
        else if (m.type === "connected") seen.push({ type: m.type, lastEventId: m.lastEventId });
      }
    })();
    const until = async (pred: () => boolean) => {
      const deadline = Date.now() + 8_000;
      while (!pred() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(pred(), JSON.stringify({ seen, size: streamGuard().size, renewed })).toBe(true);
    };
    await until(() => streamGuard().size === 1);
    const first = await commitEvent(owner.organizationId);
    await until(() => seen.some((s) => s.id === first));
    // 15 minutes later (the clock alone: the server and the SDK both read it), the 30-second round.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 901_000 });
    await streamGuard().recheck();
    await until(() => renewed.length === 1 && streamGuard().size === 1);
    const second = await commitEvent(owner.organizationId);
    await until(() => seen.some((s) => s.id === second));
    ac.abort();
    await reading;
    vi.useRealTimers();
    expect(seen).toEqual([
      { type: "connected", lastEventId: undefined },
      { type: "event", id: first },
      { type: "disconnected", code: "token_expired" },
      { type: "connected", lastEventId: first },
      { type: "event", id: second },
    ]);
  });

  it("holds at most 20 streams per user, whatever tokens they use", async () => {
    const owner = await seedOrganization();
    const opened = [];
    for (let i = 0; i < MAX_STREAMS_PER_CREDENTIAL; i++) {
      const session = await startSession(
        getDb(),
        { id: owner.userId },
        { organizationId: owner.organizationId, role: "owner" },
        ORIGIN,
      );
      const s = open(session.accessToken);
      expect((await s.res).status).toBe(200);
      opened.push(s);
    }
    const refused = await open(owner.accessToken).res;
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe("too_many_streams");
    for (const s of opened) s.abort();
  });
});
