import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { SignalGate, type FetchLike } from "../sdk/src/index.js";
import { PASSWORD, uniqueEmail } from "./helpers";

export interface Received {
  headers: IncomingHttpHeaders;
  /** The raw body bytes, exactly as received. */
  raw: Buffer;
}

/** A webhook endpoint on 127.0.0.1 that records every delivery and answers 200. */
export async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    ofEvent: (event: string) => received.filter((r) => JSON.parse(r.raw.toString("utf8")).event === event),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every request the SDK makes, with its answer's status and headers. */
export function recordingFetch(inner: FetchLike = (url, init) => fetch(url, init)) {
  const log: { method: string; path: string; status: number; headers: Headers; requestHeaders: Headers }[] = [];
  const wrapped: FetchLike = async (url, init) => {
    const res = await inner(url, init);
    log.push({
      method: String(init.method),
      path: new URL(url).pathname,
      status: res.status,
      headers: res.headers,
      requestHeaders: new Headers(init.headers),
    });
    return res;
  };
  return { fetch: wrapped, log };
}

/** A new account and organization through the SDK, and a management client signed in with its password. */
export async function newAccount(baseUrl: string) {
  const email = uniqueEmail("sdk");
  await new SignalGate({ baseUrl }).auth.register({ email, password: PASSWORD, organizationName: "SDK Org" });
  const management = new SignalGate({ baseUrl, email, password: PASSWORD });
  return { email, management };
}

export const ALL_PERMISSIONS = [
  "sms.send",
  "sms.read",
  "otp.send",
  "otp.verify",
  "contacts.read",
  "contacts.write",
  "analytics.read",
] as const;
