import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { signWebhookBody } from "../../webhooks/signature";

// The chaos run's webhook endpoint: node:http on 127.0.0.1. It checks every request's signature
// (HMAC-SHA256 of the body, messaging-api.md §6.2) and that X-Webhook-Id names the body's event,
// answers 500 to `failPercent` % of them at random, and records per event id how many times it
// answered 2xx. One event is failed at most MAX_FAILURES_PER_EVENT times, so the retry schedule
// (six attempts) can always get it through: an event the service gave up on is then a loss of the
// service, not bad luck of the dice.

export const MAX_FAILURES_PER_EVENT = 3;

export interface EventRecord {
  /** Requests answered 2xx. More than one is a duplicate delivery. */
  ok: number;
  /** Requests answered 500 on purpose. */
  failed: number;
  /** Date.now() of each 2xx answer. */
  okAt: number[];
}

export class ChaosReceiver {
  private server?: http.Server;
  private secret?: string;
  readonly events = new Map<string, EventRecord>();
  requests = 0;
  answeredOk = 0;
  failedOnPurpose = 0;
  /** Signature missing or wrong, or id header and body disagree: answered 400, never counted. */
  rejected = 0;
  readonly rejections: string[] = [];

  constructor(private readonly failPercent: number) {}

  /** The webhook's signing secret, known once the webhook is created (nothing arrives before). */
  useSecret(secret: string): void {
    this.secret = secret;
  }

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        this.requests++;
        const body = Buffer.concat(chunks).toString("utf8");
        const problem = this.check(req, body);
        if (problem) {
          this.rejected++;
          if (this.rejections.length < 10) this.rejections.push(problem);
          res.writeHead(400, { "content-type": "text/plain" }).end(problem);
          return;
        }
        const id = req.headers["x-webhook-id"] as string;
        const record = this.events.get(id) ?? { ok: 0, failed: 0, okAt: [] };
        this.events.set(id, record);
        if (record.failed < MAX_FAILURES_PER_EVENT && Math.random() * 100 < this.failPercent) {
          record.failed++;
          this.failedOnPurpose++;
          res.writeHead(500, { "content-type": "text/plain" }).end("chaos: failing on purpose");
          return;
        }
        record.ok++;
        record.okAt.push(Date.now());
        this.answeredOk++;
        res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      });
    });
    this.server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(0, "127.0.0.1", () => resolve());
    });
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/webhooks/chaos`;
  }

  private check(req: http.IncomingMessage, body: string): string | undefined {
    const id = req.headers["x-webhook-id"];
    const signature = req.headers["x-webhook-signature"];
    if (typeof id !== "string") return "no X-Webhook-Id";
    if (!this.secret) return `event ${id} arrived before the webhook's secret was known`;
    if (typeof signature !== "string") return `event ${id}: no X-Webhook-Signature`;
    const expected = Buffer.from(signWebhookBody(this.secret, body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return `event ${id}: bad signature`;
    try {
      const envelope = JSON.parse(body) as { id?: unknown };
      if (envelope.id !== id) return `event ${id}: the body names event ${String(envelope.id)}`;
    } catch {
      return `event ${id}: the body is not JSON`;
    }
    return undefined;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
