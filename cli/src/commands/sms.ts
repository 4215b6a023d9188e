import type { Command } from "commander";
import pc from "picocolors";
import { apiKeyClient, eventsClient, type GlobalOptions } from "../clients.js";
import { emit, emitLine, statusColor, time } from "../output.js";
import { spin } from "../prompt.js";

const FINAL = ["DELIVERED", "FAILED", "UNDELIVERED"];

export function registerSms(program: Command, globals: () => GlobalOptions): void {
  const sms = program
    .command("sms")
    .description("Send SMS, check their status, and watch them live")
    .addHelpText(
      "after",
      "\nExamples:\n  $ signalgate sms send --to +14155550123 --body 'Hello'\n  $ signalgate sms status msg_…\n  $ signalgate sms tail --status FAILED",
    );

  sms
    .command("send")
    .description("Send one SMS (sandbox unless --live)")
    .requiredOption("--to <phone>", "recipient, E.164 (+14155550123)")
    .requiredOption("--body <text>", "the message")
    .option("--from <sender>", "sender label, number or sender pool (pool_…)")
    .option("--validity <seconds>", "fail the message (expired) if no carrier takes it within this time (1 to 36000)")
    .option("--live", "send for real with a production key (billed)")
    .option("--wait", "wait until the message is delivered or fails")
    .addHelpText(
      "after",
      "\nExamples:\n  $ signalgate sms send --to +14155550123 --body 'Your order shipped'\n  $ signalgate sms send --to +15005550001 --body test --wait   # a sandbox number that fails\n  $ signalgate sms send --to +15005550005 --body test --validity 5 --wait   # one that expires\n  $ signalgate sms send --to +14155550123 --body hi --live --json\n  $ signalgate sms send --to +14155550123 --body hi --from pool_0Q3fJ7a2Xc9vB1nM4kLp8sTz   # the pool picks the sender",
    )
    .action(
      async (opts: { to: string; body: string; from?: string; validity?: string; live?: boolean; wait?: boolean }) => {
        const g = globals();
        const sg = await apiKeyClient(g, { live: opts.live });
        const s = spin(!g.json, "Sending");
        const sent = await sg.sms.send({
          to: opts.to,
          body: opts.body,
          ...(opts.from ? { from: opts.from } : {}),
          ...(opts.validity ? { validityPeriod: Number(opts.validity) } : {}),
        });
        s.stop(`Accepted ${sent.messageId}`);
        let final: unknown = undefined;
        if (opts.wait) {
          const w = spin(!g.json, "Waiting for delivery");
          final = await waitForFinal(sg, sent.messageId);
          w.stop();
        }
        emit(g, final ? { ...sent, final } : sent, () => {
          console.log(
            `${pc.green("✔")} ${pc.bold(sent.messageId)} ${statusColor(sent.status)} → ${sent.to} (${sent.segments} segment${sent.segments === 1 ? "" : "s"}, ${sent.environment})`,
          );
          if (sent.poolId) console.log(`  from ${sent.from} (pool ${sent.poolId})`);
          if (final) console.log(`  now ${statusColor((final as { status: string }).status)}`);
          else console.log(pc.dim(`  Follow it: signalgate sms status ${sent.messageId}`));
        });
      },
    );

  sms
    .command("status")
    .description("A message's status and timeline")
    .addHelpText(
      "after",
      "\nExamples:\n  $ signalgate sms status msg_0Q3fJ7a2Xc9vB1nM4kLp8sTz\n  $ signalgate sms status msg_0Q3fJ7a2Xc9vB1nM4kLp8sTz --json",
    )
    .argument("<messageId>", "msg_…")
    .option("--live", "a production message (read with the production key)")
    .action(async (id: string, opts: { live?: boolean }) => {
      const g = globals();
      const st = await (await apiKeyClient(g, { live: opts.live })).sms.status(id);
      emit(g, st, () => {
        console.log(`${pc.bold(st.messageId)}  ${statusColor(st.status)}  ${st.to}  ${st.environment}`);
        for (const [label, at] of [
          ["created", st.createdAt],
          ["sent", st.sentAt],
          ["delivered", st.deliveredAt],
          ["failed", st.failedAt],
        ] as const) {
          if (at) console.log(`  ${label.padEnd(10)} ${at}`);
        }
        if (st.errorCode) console.log(`  ${pc.red(st.errorCode)} ${st.errorMessage ?? ""}`);
      });
    });

  sms
    .command("tail")
    .description("Message transitions live, from the events stream (Ctrl-C to stop)")
    .option("--status <status>", "only this status (QUEUED, SENT, DELIVERED, FAILED, UNDELIVERED, RECEIVED)")
    .addHelpText("after", "\nExamples:\n  $ signalgate sms tail\n  $ signalgate sms tail --status FAILED --json")
    .action(async (opts: { status?: string }) => {
      const g = globals();
      const sg = await eventsClient(g);
      const type = opts.status ? `message.${opts.status.toLowerCase()}` : "message.*";
      if (!g.json) console.error(pc.dim(`Tailing ${type} (Ctrl-C to stop)`));
      const ac = new AbortController();
      process.once("SIGINT", () => ac.abort());
      for await (const m of sg.events.stream({ types: type, signal: ac.signal })) {
        if (m.type === "disconnected" && !g.json)
          console.error(pc.yellow(`connection lost; reconnecting in ${m.retryInMs / 1000}s`));
        if (m.type !== "event") continue;
        const p = m.event.payload as Record<string, string | null | undefined>;
        const status = m.event.event.split(".")[1]!.toUpperCase();
        if (g.json) emitLine({ id: m.id, event: m.event.event, timestamp: m.event.timestamp, payload: p });
        else
          console.log(
            `${pc.dim(time(new Date(m.event.timestamp)))}  ${p.messageId ?? ""}  ${statusColor(status)}  ${p.to ?? p.from ?? ""}${p.errorCode ? `  ${pc.red(p.errorCode)}` : ""}`,
          );
      }
    });
}

async function waitForFinal(sg: Awaited<ReturnType<typeof apiKeyClient>>, id: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const st = await sg.sms.status(id);
    if (FINAL.includes(st.status) || Date.now() > deadline) return st;
    await new Promise((r) => setTimeout(r, 500));
  }
}
