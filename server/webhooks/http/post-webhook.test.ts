import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { postWebhook } from "./post-webhook";

type TestServer = {
  url: string;
  port: number;
  connections: () => number;
  requests: { headers: http.IncomingHttpHeaders; body: Buffer }[];
};

const servers: http.Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** A loopback server; the handler runs once the whole request body has arrived. */
async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<TestServer> {
  let connections = 0;
  const requests: TestServer["requests"] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks) });
      handler(req, res);
    });
  });
  server.on("connection", () => connections++);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, port, connections: () => connections, requests };
}

const open = { allowPrivate: true };

describe("postWebhook", () => {
  it("sends the body bytes exactly, with the given headers and a correct content-length", async () => {
    const server = await serve((_req, res) => res.end("received"));
    const body = JSON.stringify({ text: 'héllo 👋🏽 你好 e\u0301 \u{1F1EB}\u{1F1F7} \u0000 \\ "' });
    const result = await postWebhook(
      server.url + "?q=1",
      body,
      { "Content-Type": "application/json", "X-Webhook-Id": "evt_1", "Content-Length": "1" },
      open,
    );
    expect(result).toMatchObject({ ok: true, statusCode: 200, responseBody: "received", error: null });
    expect(result.responseTimeMs).toBeGreaterThanOrEqual(0);
    const [request] = server.requests;
    expect(request!.body.equals(Buffer.from(body, "utf8"))).toBe(true);
    expect(request!.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["x-webhook-id"]).toBe("evt_1");
  });

  it.each([200, 201, 204])("treats %i as success", async (status) => {
    const server = await serve((_req, res) => {
      res.statusCode = status;
      res.end(status === 204 ? undefined : "thanks ✓");
    });
    const result = await postWebhook(server.url, "{}", {}, open);
    expect(result).toMatchObject({ ok: true, statusCode: status, error: null });
    expect(result.responseBody).toBe(status === 204 ? "" : "thanks ✓");
  });

  it.each([301, 302, 307, 308])("does not follow a %i redirect", async (status) => {
    const target = await serve((_req, res) => res.end("should not be reached"));
    const server = await serve((_req, res) => {
      res.writeHead(status, { location: target.url });
      res.end();
    });
    const result = await postWebhook(server.url, "{}", {}, open);
    expect(result).toMatchObject({ ok: false, statusCode: status });
    expect(result.error).toMatch(/redirects are not followed/);
    expect(target.connections()).toBe(0);
  });

  it.each([400, 404, 410, 500, 503])("reports %i as a failure and keeps the status and body", async (status) => {
    const server = await serve((_req, res) => {
      res.statusCode = status;
      res.end("nope");
    });
    const result = await postWebhook(server.url, "{}", {}, open);
    expect(result).toMatchObject({ ok: false, statusCode: status, responseBody: "nope" });
    expect(result.error).toBe(`HTTP ${status} ${http.STATUS_CODES[status]}`);
  });

  it("times out a server that never answers, near the deadline", async () => {
    const server = await serve(() => {});
    const started = performance.now();
    const result = await postWebhook(server.url, "{}", {}, { ...open, timeoutMs: 300 });
    const elapsed = performance.now() - started;
    expect(result).toEqual({
      ok: false,
      statusCode: null,
      responseTimeMs: expect.any(Number),
      responseBody: null,
      error: "Timed out after 0.3 s",
    });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1000);
    expect(server.requests).toHaveLength(1);
  });

  it("times out a body that never comes, keeping the status that did", async () => {
    const server = await serve((_req, res) => res.writeHead(200, { "content-length": "10" }).flushHeaders());
    const result = await postWebhook(server.url, "{}", {}, { ...open, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, statusCode: 200, responseBody: "", error: "Timed out after 0.3 s" });
  });

  it("returns promptly from a never-ending chunked body, with a snippet of at most 4096 bytes", async () => {
    let serverSawClose = false;
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      const timer = setInterval(() => res.write("y".repeat(1000)), 5);
      res.on("close", () => {
        clearInterval(timer);
        serverSawClose = true;
      });
    });
    const started = performance.now();
    const result = await postWebhook(server.url, "{}", {}, { ...open, timeoutMs: 10_000 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(Buffer.byteLength(result.responseBody!)).toBeLessThanOrEqual(4096);
    expect(result.responseBody).toMatch(/^y+$/);
    await expect.poll(() => serverSawClose).toBe(true);
  });

  it("reads only the first 4096 bytes of a 10 MB body and hangs up on the rest", async () => {
    const size = 10 * 1024 * 1024;
    let written = 0;
    let closedEarly = false;
    const server = await serve((_req, res) => {
      res.writeHead(500, { "content-length": String(size) });
      const chunk = Buffer.alloc(64 * 1024, "z");
      const pump = () => {
        while (written < size && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("close", () => (closedEarly = written < size || !res.writableFinished));
      pump();
    });
    const started = performance.now();
    const result = await postWebhook(server.url, "{}", {}, { ...open, timeoutMs: 10_000 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result).toMatchObject({ ok: false, statusCode: 500, responseBody: "z".repeat(4096) });
    await expect.poll(() => closedEarly).toBe(true);
  });

  it("honours a smaller maxResponseBytes", async () => {
    const server = await serve((_req, res) => res.end("0123456789"));
    const result = await postWebhook(server.url, "{}", {}, { ...open, maxResponseBytes: 4 });
    expect(result).toMatchObject({ ok: true, responseBody: "0123" });
  });

  it("drops a multi-byte character cut at the byte limit instead of garbling it", async () => {
    const server = await serve((_req, res) => res.end("a".repeat(4095) + "€ and more"));
    const result = await postWebhook(server.url, "{}", {}, open);
    expect(result.responseBody).toBe("a".repeat(4095));
    expect(result.responseBody).not.toContain("\uFFFD");
  });

  it("reports a refused connection", async () => {
    const server = await serve(() => {});
    const port = server.port;
    await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));
    const result = await postWebhook(`http://127.0.0.1:${port}/`, "{}", {}, open);
    expect(result).toMatchObject({ ok: false, statusCode: null, responseBody: null, error: "Connection refused" });
  });

  it("reports a connection reset before any answer", async () => {
    const server = await serve((req) => req.socket.destroy());
    const result = await postWebhook(server.url, "{}", {}, open);
    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toMatch(/closed the connection|reset/);
  });

  it("never throws: bad URLs and bad headers become failed results", async () => {
    expect((await postWebhook("not a url", "{}", {}, open)).error).toMatch(/not valid/);
    expect((await postWebhook("ftp://127.0.0.1/", "{}", {}, open)).error).toMatch(/http and https/);
    const server = await serve((_req, res) => res.end());
    const bad = await postWebhook(server.url, "{}", { "x-evil": "a\r\nInjected: yes" }, open);
    expect(bad).toMatchObject({ ok: false, statusCode: null });
    expect(server.connections()).toBe(0);
  });

  describe("without allowPrivate", () => {
    const strict = { allowPrivate: false };

    it.each(["127.0.0.1", "2130706433", "127.1", "0x7f000001"])(
      "refuses the literal %s before any connection",
      async (host) => {
        const server = await serve((_req, res) => res.end());
        const result = await postWebhook(`http://${host}:${server.port}/hook`, "{}", {}, strict);
        expect(result).toMatchObject({ ok: false, statusCode: null, responseBody: null });
        expect(result.error).toMatch(/^127\.0\.0\.1 is a loopback address/);
        expect(server.connections()).toBe(0);
      },
    );

    it("refuses [::1] and [::ffff:127.0.0.1]", async () => {
      const server = await serve((_req, res) => res.end());
      for (const host of ["[::1]", "[::ffff:127.0.0.1]"]) {
        const result = await postWebhook(`http://${host}:${server.port}/`, "{}", {}, strict);
        expect(result.error).toMatch(/a loopback address/);
      }
      expect(server.connections()).toBe(0);
    });

    it("refuses a name that resolves to loopback, at connection time (localhost)", async () => {
      const server = await serve((_req, res) => res.end());
      const result = await postWebhook(`http://localhost:${server.port}/hook`, "{}", {}, strict);
      expect(result).toMatchObject({ ok: false, statusCode: null, responseBody: null });
      expect(result.error).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
      expect(server.connections()).toBe(0);
    });

    it("the same server is reachable by name once private addresses are allowed", async () => {
      const server = await serve((_req, res) => res.end("hi"));
      const result = await postWebhook(`http://localhost:${server.port}/hook`, "{}", {}, open);
      expect(result).toMatchObject({ ok: true, statusCode: 200 });
    });
  });
});
