import type { Command } from "commander";
import pc from "picocolors";
import { eventsClient, type GlobalOptions } from "../clients.js";
import { emit, table, UsageError } from "../output.js";

export function registerEvents(program: Command, globals: () => GlobalOptions): void {
  const events = program
    .command("events")
    .description("Events of the last 30 days (what webhooks deliver)")
    .addHelpText(
      "after",
      "\nExamples:\n  $ signalgate events list --types message.failed\n  $ signalgate events resend evt_… --webhook wh_…",
    );

  events
    .command("list")
    .description("Newest first, in commit order")
    .addHelpText(
      "after",
      "\nExamples:\n  $ signalgate events list\n  $ signalgate events list --types message.failed,otp.* --limit 50 --json",
    )
    .option("--types <list>", "comma-separated types or families (message.*)")
    .option("--limit <n>", "how many, 1 to 100", (v) => Number(v), 20)
    .action(async (opts: { types?: string; limit: number }) => {
      const g = globals();
      if (!Number.isInteger(opts.limit) || opts.limit < 1 || opts.limit > 100) {
        throw new UsageError("--limit must be a whole number from 1 to 100.");
      }
      const page = await (await eventsClient(g)).events.list({ types: opts.types, limit: opts.limit }).firstPage();
      emit(g, page.items, () => {
        if (page.items.length === 0) return console.log("No events in the last 30 days.");
        console.log(
          table([
            ["ID", "TYPE", "TIME", "SUBJECT"].map((h) => pc.dim(h)),
            ...page.items.map((e) => {
              const p = e.payload as Record<string, unknown>;
              return [e.id, e.event, e.timestamp, String(p.messageId ?? p.otpId ?? p.phone ?? "")];
            }),
          ]),
        );
      });
    });

  events
    .command("resend")
    .description("Send an event to one of your webhooks again, now")
    .addHelpText(
      "after",
      "\nExample:\n  $ signalgate events resend evt_0Q3fJ7a2Xc9vB1nM4kLp8sTz --webhook wh_0Q3fJ7a2Xc9vB1nM4kLp8sTz",
    )
    .argument("<eventId>", "evt_…")
    .requiredOption("--webhook <id>", "the webhook (wh_…)")
    .action(async (eventId: string, opts: { webhook: string }) => {
      const g = globals();
      const result = await (await eventsClient(g)).events.resend(eventId, { webhookId: opts.webhook });
      emit(g, result, () =>
        console.log(`${pc.green("✔")} Queued ${pc.bold(result.deliveryId)}: see the webhook's delivery log.`),
      );
    });
}
