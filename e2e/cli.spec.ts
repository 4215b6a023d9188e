// signalgate-cli as a user runs it: a child process against the production server, with its own
// config directory. Sign-in, sends, errors and exit codes, and `listen` forwarding real events to a
// local receiver that verifies both signatures, across a dropped connection.
import { statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SignalGate } from "../sdk/src/index.js";
import { PASSWORD, uniqueEmail } from "./helpers";
import { buildCli, cli, cliStream, configDir, startRelay, startVerifyingReceiver } from "./cli-helpers";

test.describe.configure({ mode: "serial" });

let env: Record<string, string | undefined>;
let email: string;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  await buildCli();
  email = uniqueEmail("cli");
  await new SignalGate({ baseUrl: baseURL! }).auth.register({ email, password: PASSWORD, organizationName: "CLI Org" });
  env = { SIGNALGATE_CONFIG_DIR: configDir(), SIGNALGATE_BASE_URL: baseURL! };
});

test("--help with examples everywhere; usage errors exit 2", async () => {
  const help = await cli(["--help"], env);
  expect(help.code).toBe(0);
  for (const cmd of ["login", "logout", "whoami", "keys", "sms", "otp", "listen", "trigger", "events"]) {
    expect(help.stdout).toContain(cmd);
  }
  expect(help.stdout).toContain("Exit codes: 0 ok, 1");
  for (const sub of [["listen"], ["sms", "send"], ["trigger"], ["events"], ["keys"], ["login"]]) {
    const r = await cli([...sub, "--help"], env);
    expect(r.code, sub.join(" ")).toBe(0);
    expect(r.stdout, sub.join(" ")).toContain("Example");
  }
  expect((await cli(["sms", "send", "--to", "+14155550123"], env)).code).toBe(2); // --body missing
  expect((await cli(["frobnicate"], env)).code).toBe(2);
  expect((await cli(["trigger", "message.exploded"], env)).code).toBe(2);
  // Not logged in yet: told to log in, as usage.
  const whoami = await cli(["whoami", "--json"], env);
  expect(whoami.code).toBe(2);
  expect(whoami.json().error.message).toContain("signalgate login");
});

test("login keeps the session in a 0600 file; whoami; a wrong password exits 1 with its code", async () => {
  const wrong = await cli(["login", "--email", email, "--password-stdin"], env, "not the password");
  expect(wrong.code).toBe(1);
  expect(wrong.stderr).toContain("invalid_credentials");

  const login = await cli(["login", "--email", email, "--password-stdin", "--json"], env, PASSWORD);
  expect(login.code, login.stderr).toBe(0);
  expect(login.json()).toMatchObject({ email, role: "owner", organizationId: expect.stringMatching(/^org_/) });
  const file = path.join(env.SIGNALGATE_CONFIG_DIR!, "config.json");
  expect(statSync(file).mode & 0o777).toBe(0o600);

  const who = await cli(["whoami", "--json"], env);
  expect(who.code).toBe(0);
  expect(who.json()).toMatchObject({ email, role: "owner", organizationId: login.json().organizationId });
  // The session survives runs: the rotated refresh token was written back.
  expect((await cli(["whoami"], env)).code).toBe(0);
});

test("keys, sms send/status, otp, events: --json output and API errors exit 1 with the code", async () => {
  const keys = await cli(["keys", "list", "--json"], env);
  expect(keys.code).toBe(0);
  expect(
    keys
      .json()
      .map((k: { name: string }) => k.name)
      .join(),
  ).toContain("signalgate-cli");

  const created = await cli(["keys", "create", "--name", "from-cli", "--json"], env);
  expect(created.json().rawKey).toMatch(/^sg_test_/);
  const disabled = await cli(["keys", "disable", created.json().id, "--json"], env);
  expect(disabled.json()).toMatchObject({ id: created.json().id, isActive: false });

  const sent = await cli(
    ["sms", "send", "--to", "+14155550123", "--body", "Hello from the CLI", "--json", "--wait"],
    env,
  );
  expect(sent.code, sent.stderr).toBe(0);
  expect(sent.json()).toMatchObject({ status: "QUEUED", to: "+14155550123", environment: "test" });
  expect(sent.json().final.status).toBe("DELIVERED");
  const status = await cli(["sms", "status", sent.json().messageId, "--json"], env);
  expect(status.json()).toMatchObject({ messageId: sent.json().messageId, status: "DELIVERED" });

  const bad = await cli(["sms", "send", "--to", "12", "--body", "x"], env);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain("invalid_phone_number");
  // The error reference's entry, absolute against the URL the CLI called.
  expect(bad.stderr).toMatch(/See http:\/\/\S+\/docs\/errors#invalid_phone_number/);
  const badJson = await cli(["sms", "send", "--to", "12", "--body", "x", "--json"], env);
  expect(badJson.code).toBe(1);
  expect(badJson.json().error).toMatchObject({
    code: "invalid_phone_number",
    status: 400,
    docUrl: expect.stringMatching(/\/docs\/errors#invalid_phone_number$/),
  });
  const missing = await cli(["sms", "status", "msg_doesnotexist"], env);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain("not_found");

  const otp = await cli(["otp", "send", "--to", "+14155550124", "--json"], env);
  expect(otp.json()).toMatchObject({ status: "PENDING", otpId: expect.stringMatching(/^otp_/) });
  const verify = await cli(["otp", "verify", "--to", "+14155550124", "--code", "000000", "--json"], env);
  expect(verify.code).toBe(0);
  expect(verify.json().valid).toBe(false);

  const events = await cli(["events", "list", "--types", "message.delivered", "--json"], env);
  expect(events.code).toBe(0);
  expect(
    events.json().some((e: { payload: { messageId: string } }) => e.payload.messageId === sent.json().messageId),
  ).toBe(true);
});

test("listen forwards real events signed like a delivery, reconnects after a drop without losing one; trigger", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  let secret = "";
  const receiver = await startVerifyingReceiver(() => secret);
  const relay = await startRelay(new URL(baseURL!));
  const listen = cliStream(["listen", "--forward-to", receiver.url, "--json"], {
    ...env,
    SIGNALGATE_BASE_URL: relay.url,
  });
  const tail = cliStream(["sms", "tail", "--status", "FAILED", "--json"], env);
  try {
    const ready = await listen.waitFor((l) => l.type === "ready" && l);
    secret = ready.secret;
    expect(secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);

    const delivered = await cli(["trigger", "message.delivered", "--json"], env);
    expect(delivered.code, delivered.stderr).toBe(0);
    const messageId = delivered.json().messageId;
    // The earlier test's OTP message may be delivered after this stream opened: pick this message's event.
    const ofThisMessage = () =>
      receiver.ofEvent("message.delivered").filter((r) => JSON.parse(r.body).payload.messageId === messageId);
    await expect.poll(() => ofThisMessage().length, { timeout: 30_000 }).toBeGreaterThan(0);
    const got = ofThisMessage();
    expect(got).toHaveLength(1);
    const line = await listen.waitFor(
      (l) => l.type === "event" && l.id === got[0]!.headers["x-webhook-id"] && l,
      30_000,
    );
    expect(line.event).toBe("message.delivered");
    expect(line.status).toBe(200);
    expect(got[0]!.verified).toEqual({ seed: true, standard: true });
    expect(JSON.parse(got[0]!.body).payload.messageId).toBe(messageId);
    expect(got[0]!.headers["x-webhook-id"]).toBe(line.id);
    expect(got[0]!.headers["webhook-id"]).toBe(line.id);

    // The network drops; an event happens meanwhile; the stream resumes after the last id it saw.
    relay.cut();
    const failed = await cli(["trigger", "message.failed", "--json"], env);
    expect(failed.code).toBe(0);
    const back = await listen.waitFor((l) => l.type === "reconnected" && l, 30_000);
    expect(back.lastEventId).toBeTruthy();
    await listen.waitFor((l) => l.type === "event" && l.event === "message.failed" && l, 30_000);
    // `sms tail --status FAILED` saw that failure, and only failures.
    const tailed = await tail.waitFor((l) => l.payload?.messageId === failed.json().messageId && l, 30_000);
    expect(tailed.event).toBe("message.failed");
    expect(tailed.payload.errorCode).toBe("invalid_number");
    expect(tail.lines.every((l) => l.event === "message.failed")).toBe(true);

    for (const event of ["otp.verified", "message.received"]) {
      const t = await cli(["trigger", event, "--json"], env);
      expect(t.code, t.stderr).toBe(0);
      await listen.waitFor((l) => l.type === "event" && l.event === event && l, 30_000);
    }
    // Every event of the organization since the first forwarded one arrives, once. (Events of the
    // triggers may still be on their way, such as the OTP message's delivery: wait for them.)
    const forwardedIds = () => listen.lines.filter((l) => l.type === "event").map((l) => l.id as string);
    const first = forwardedIds()[0]!;
    await expect
      .poll(
        async () => {
          const all = await cli(["events", "list", "--limit", "100", "--json"], env);
          const listed: string[] = all
            .json()
            .map((e: { id: string }) => e.id)
            .filter((id: string) => id >= first);
          return listed.every((id) => forwardedIds().includes(id));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const forwarded = forwardedIds();
    expect(new Set(forwarded).size).toBe(forwarded.length);
    expect(receiver.received.every((r) => r.verified.seed && r.verified.standard)).toBe(true);
  } finally {
    await tail.stop();
    await listen.stop();
    await relay.close();
    await receiver.close();
  }
});

test("logout revokes the session and deletes the CLI's keys", async () => {
  const out = await cli(["logout", "--json"], env);
  expect(out.code).toBe(0);
  expect(out.json()).toEqual({ loggedOut: true });
  expect((await cli(["whoami"], env)).code).toBe(2);
  const again = await cli(["login", "--email", email, "--password-stdin", "--json"], env, PASSWORD);
  const keys = await cli(["keys", "list", "--json"], env);
  const cliKeys = keys.json().filter((k: { name: string }) => k.name.startsWith("signalgate-cli"));
  expect(again.code).toBe(0);
  expect(cliKeys).toHaveLength(1);
});
