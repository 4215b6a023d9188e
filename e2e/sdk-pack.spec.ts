// The SDK as a user gets it: `npm pack`, the tarball installed offline into a fresh project (ESM,
// CommonJS, types), and a user's script that sends a sandbox SMS and verifies its webhook against
// the production server.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { PASSWORD } from "./helpers";
import { newAccount } from "./sdk-helpers";

test("npm pack: the tarball installs into a fresh project (ESM, CommonJS, types) that sends an SMS and verifies its webhook", async ({
  baseURL,
}) => {
  test.setTimeout(180_000);
  const baseUrl = baseURL ?? "";
  const root = fileURLToPath(new URL("..", import.meta.url));
  const work = await mkdtemp(path.join(os.tmpdir(), "signalgate-sdk-pack-"));
  try {
    // What `npm publish` would upload: the build, the README and package.json, nothing else.
    await run(process.execPath, [path.join(root, "sdk", "scripts", "build.mjs")], root);
    const packed = await run(
      "npm",
      ["pack", "--json", "--ignore-scripts", "--pack-destination", work],
      path.join(root, "sdk"),
    );
    const [info] = JSON.parse(packed) as { filename: string; files: { path: string }[] }[];
    const files = info!.files.map((f) => f.path).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        "README.md",
        "package.json",
        "dist/esm/index.js",
        "dist/esm/index.d.ts",
        "dist/cjs/index.js",
        "dist/cjs/index.d.ts",
        "dist/cjs/package.json",
      ]),
    );
    expect(files.filter((f) => !f.startsWith("dist/") && f !== "README.md" && f !== "package.json")).toEqual([]);
    expect(files.filter((f) => f.includes(".test."))).toEqual([]);

    // A fresh project, as a user makes one: no dependency but the tarball, so it installs offline.
    const project = path.join(work, "app");
    await mkdir(project);
    await writeFile(
      path.join(project, "package.json"),
      JSON.stringify({ name: "sdk-user", private: true, type: "module" }),
    );
    await run("npm", ["install", path.join(work, info!.filename), "--offline", "--no-audit", "--no-fund"], project);
    await writeFile(path.join(project, "send-and-verify.mjs"), USER_SCRIPT);
    await writeFile(path.join(project, "require.cjs"), CJS_SCRIPT);
    await writeFile(path.join(project, "typed.ts"), TYPED_SOURCE);
    await writeFile(path.join(project, "typed.cts"), TYPED_CJS_SOURCE);
    await writeFile(path.join(project, "tsconfig.json"), JSON.stringify(USER_TSCONFIG));

    // Types resolve through the package's exports, for import and for require.
    await run(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", project], project);

    expect(JSON.parse(await run(process.execPath, ["require.cjs"], project))).toEqual({
      client: "function",
      verified: true,
      malformed: false,
    });

    const { email } = await newAccount(baseUrl);
    const out = await run(process.execPath, ["send-and-verify.mjs"], project, {
      SIGNALGATE_BASE_URL: baseUrl,
      SG_EMAIL: email,
      SG_PASSWORD: PASSWORD,
    });
    const result = JSON.parse(out.trim().split("\n").pop() ?? "{}");
    expect(result).toMatchObject({ verified: true, event: "message.delivered", tamperedRejected: true });
    expect(result.payloadMessageId).toBe(result.messageId);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      cmd,
      args,
      { cwd, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`${cmd} ${args.join(" ")} failed: ${err.message}\n${stdout}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

/** What a user writes: send a sandbox SMS, receive its message.delivered webhook, verify it. */
const USER_SCRIPT = `
import { createServer } from "node:http";
import { SignalGate, constructEvent, verifyWebhookSignature } from "signalgate";

const secret = "whsec_packed_0123456789abcdefghijklm";
const received = [];
const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    received.push({ raw: Buffer.concat(chunks), signature: req.headers["x-webhook-signature"] });
    res.end("ok");
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = "http://127.0.0.1:" + server.address().port + "/webhooks/signalgate";

// baseUrl comes from SIGNALGATE_BASE_URL.
const admin = new SignalGate({ email: process.env.SG_EMAIL, password: process.env.SG_PASSWORD });
await admin.webhooks.create({ name: "packed", url, events: ["message.delivered"], secret });
const { rawKey } = await admin.apiKeys.create({ name: "packed", environment: "test", permissions: ["sms.send"] });

const client = new SignalGate({ apiKey: rawKey });
const sent = await client.sms.send({ to: "+14155550123", body: "Hello from the packed SDK" });

for (let i = 0; i < 300 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
server.close();
const { raw, signature } = received[0];
const event = constructEvent(raw, signature, secret);
console.log(JSON.stringify({
  messageId: sent.messageId,
  verified: verifyWebhookSignature(raw, signature, secret),
  tamperedRejected: !verifyWebhookSignature(raw.toString() + " ", signature, secret),
  event: event.event,
  payloadMessageId: event.payload.messageId,
}));
`;

const CJS_SCRIPT = `
const { createHmac } = require("node:crypto");
const { SignalGate, verifyWebhookSignature } = require("signalgate");
const body = '{"id":"evt_1","event":"webhook.test","timestamp":"t","payload":{}}';
const signature = "sha256=" + createHmac("sha256", "s3cret").update(body).digest("hex");
console.log(JSON.stringify({
  client: typeof SignalGate,
  verified: verifyWebhookSignature(body, signature, "s3cret"),
  malformed: verifyWebhookSignature(body, "sha256=nothex", "s3cret"),
}));
`;

const TYPED_SOURCE = `
import { SignalGate, SignalGateError, constructEvent, type ErrorCodeOf, type SentSms } from "signalgate";
const client = new SignalGate({ apiKey: "sg_test_x" });
export async function send(): Promise<SentSms> {
  try {
    return await client.sms.send({ to: "+14155550123", body: "typed" }, { idempotencyKey: "order-1" });
  } catch (err) {
    if (err instanceof SignalGateError) console.log(err.status, err.code, err.requestId);
    throw err;
  }
}
const code: ErrorCodeOf<"sendSms"> = "invalid_phone_number";
export function handle(raw: string, header: string | undefined): string {
  const event = constructEvent(raw, header, "secret");
  if (event.event === "message.delivered") return event.payload.messageId + code;
  return event.id;
}
`;

const TYPED_CJS_SOURCE = `
import signalgate = require("signalgate");
export const client = new signalgate.SignalGate({ apiKey: "sg_test_x" });
export const ok: boolean = signalgate.verifyWebhookSignature("{}", undefined, "secret");
`;

const USER_TSCONFIG = {
  compilerOptions: {
    module: "nodenext",
    moduleResolution: "nodenext",
    target: "es2022",
    lib: ["es2022", "dom"],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
  },
  include: ["typed.ts", "typed.cts"],
};
