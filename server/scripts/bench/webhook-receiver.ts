import http from "node:http";
import type { AddressInfo } from "node:net";

// The webhook bench's receiver (bench/webhooks.ts): node:http on 127.0.0.1, answering 200 at once,
// recording each request's X-Webhook-Id and arrival time on this process's clock.

/** The HTTP endpoint of the webhook: records every request, answers 200 at once. */
export class Receiver {
  private server?: http.Server;
  /** Arrival times (performance.now()) of every request, by X-Webhook-Id. */
  readonly arrivals = new Map<string, number[]>();
  requests = 0;
  withoutId = 0;
  private waiting?: { ids: Set<string>; left: number; done: () => void };

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      const at = performance.now();
      this.requests++;
      const id = req.headers["x-webhook-id"];
      if (typeof id !== "string") this.withoutId++;
      else {
        const seen = this.arrivals.get(id);
        if (seen) seen.push(at);
        else {
          this.arrivals.set(id, [at]);
          const w = this.waiting;
          if (w?.ids.has(id) && --w.left === 0) w.done();
        }
      }
      req.resume();
      res.writeHead(200, { "content-type": "text/plain", "content-length": "2" });
      res.end("ok");
    });
    this.server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(0, "127.0.0.1", () => resolve());
    });
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/webhooks/bench`;
  }

  /** Resolves true once every id has arrived at least once, false after `timeoutMs`. */
  waitFor(ids: string[], timeoutMs: number): Promise<boolean> {
    const set = new Set(ids);
    let left = 0;
    for (const id of set) if (!this.arrivals.has(id)) left++;
    if (left === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        resolve(false);
      }, timeoutMs);
      this.waiting = {
        ids: set,
        left,
        done: () => {
          clearTimeout(timer);
          this.waiting = undefined;
          resolve(true);
        },
      };
    });
  }

  seen(ids: string[]): number {
    return ids.reduce((n, id) => n + (this.arrivals.has(id) ? 1 : 0), 0);
  }

  /** Ids received more than once, and the surplus requests. */
  duplicates(ids: string[]): { events: number; extraRequests: number } {
    let events = 0;
    let extraRequests = 0;
    for (const id of ids) {
      const n = this.arrivals.get(id)?.length ?? 0;
      if (n > 1) {
        events++;
        extraRequests += n - 1;
      }
    }
    return { events, extraRequests };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}
