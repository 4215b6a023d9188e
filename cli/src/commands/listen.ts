import type { Command } from "commander";
import pc from "picocolors";
import { eventsClient, type GlobalOptions } from "../clients.js";
import { emitLine, time, UsageError } from "../output.js";
import { deliveryHeaders, newSessionSecret } from "../sign.js";

const TIMEOUT_MS = 30_000;

export interface Forwarded {
  status: number | null;
  ms: number;
  error: string | null;
}

/** One POST to the local URL, signed like a real delivery, under a real delivery's 30 s time-out. */
export async function forward(url: string, secret: string, eventId: string, body: string): Promise<Forwarded> {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: deliveryHeaders(secret, eventId, body),
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    return { status: res.status, ms: Math.round(performance.now() - started), error: null };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return { status: null, ms: Math.round(performance.now() - started), error: cause ?? (err as Error).message };
  }
}

function checkUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//.test(raw) ? raw : `http://${raw}`);
  } catch {
    throw new UsageError(`--forward-to: "${raw}" is not a URL (http://localhost:4000/hooks).`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError("--forward-to must be http or https.");
  return url.toString();
}

export function registerListen(program: Command, globals: () => GlobalOptions): void {
  program
    .command("listen")
    .description(
      "Receive your organization's events live and forward each to a local URL, signed like a real webhook delivery",
    )
    .requiredOption("--forward-to <url>", "where to POST each event (http://localhost:4000/hooks)")
    .option("--events <list>", "comma-separated types or families (message.*,otp.*); default every event")
    .option("--secret <secret>", "sign with this secret instead of a new one for the session")
    .addHelpText(
      "after",
      `
Each event is POSTed with the headers of a real delivery: X-Webhook-Id, X-Webhook-Timestamp,
X-Webhook-Signature (sha256=<hex HMAC of the body>) and the Standard Webhooks webhook-id,
webhook-timestamp and webhook-signature (v1,<base64>), signed with the session's secret (printed
at start). A dropped connection is reopened where it stopped (Last-Event-ID): nothing is missed.
When the server ends the stream because the session's access token expired, the session is
renewed and the stream resumes the same way; a revoked session or key ends the command.

Examples:
  $ signalgate listen --forward-to localhost:4000/hooks
  $ signalgate listen --forward-to http://localhost:4000/hooks --events message.*,otp.*
  $ signalgate listen --forward-to http://localhost:4000/hooks --secret "$WEBHOOK_SECRET" --json`,
    )
    .action(async (opts: { forwardTo: string; events?: string; secret?: string }) => {
      const g = globals();
      const url = checkUrl(opts.forwardTo);
      const secret = opts.secret ?? newSessionSecret();
      const sg = await eventsClient(g);
      const ac = new AbortController();
      const stop = () => ac.abort();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
      let lastId: string | undefined;
      let first = true;
      for await (const m of sg.events.stream({ types: opts.events, signal: ac.signal })) {
        if (m.type === "connected") {
          if (g.json)
            emitLine({
              type: first ? "ready" : "reconnected",
              forwardTo: url,
              secret,
              lastEventId: m.lastEventId ?? null,
            });
          else if (first) {
            console.log(`${pc.green("Ready!")} Forwarding events to ${pc.bold(url)}`);
            console.log(`Your webhook signing secret for this session is ${pc.bold(secret)} (^C to quit)`);
          } else console.log(pc.green(`Reconnected${lastId ? `, resuming after ${lastId}` : ""}.`));
          first = false;
        } else if (m.type === "disconnected") {
          // The server ends a stream whose credential stopped holding (`event: error`): the SDK renews
          // an expired session and reconnects at once, resuming after the last event forwarded.
          const code = (m.error as { code?: unknown } | undefined)?.code;
          if (g.json)
            emitLine({
              type: "disconnected",
              error: m.error?.message ?? null,
              code: typeof code === "string" ? code : null,
              retryInMs: m.retryInMs,
            });
          else
            console.log(
              pc.yellow(
                `Connection lost${m.error ? ` (${m.error.message})` : ""}; ` +
                  (m.retryInMs === 0 ? "renewing and reconnecting now" : `reconnecting in ${m.retryInMs / 1000}s`),
              ),
            );
        } else if (m.type === "reset") {
          if (g.json) emitLine({ type: "reset" });
          else console.log(pc.yellow("The stream could not resume where it stopped (over 24 h): continuing from now."));
        } else {
          lastId = m.id;
          const body = JSON.stringify(m.event);
          const result = await forward(url, secret, m.id, body);
          if (g.json) emitLine({ type: "event", id: m.id, event: m.event.event, ...result });
          else {
            const answer =
              result.status === null
                ? pc.red(`failed: ${result.error}`)
                : result.status < 300
                  ? pc.green(String(result.status))
                  : pc.red(String(result.status));
            console.log(
              `${pc.dim(time())}  ${m.event.event.padEnd(20)} ${pc.dim(m.id)}  → ${answer} ${pc.dim(`${result.ms} ms`)}`,
            );
          }
        }
      }
    });
}
