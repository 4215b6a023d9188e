import type { Command } from "commander";
import pc from "picocolors";
import type { SignalGate } from "signalgate";
import { apiKeyClient, type GlobalOptions } from "../clients.js";
import { emit, UsageError } from "../output.js";
import { spin } from "../prompt.js";

/** The sandbox's magic numbers (contract §5). */
const DELIVERED_TO = "+14155550100";
const FAILS_TO = "+15005550001";
const OTP_TO = "+14155550101";
const INBOUND_FROM = "+14155550102";

type Trigger = (sg: SignalGate) => Promise<Record<string, unknown>>;

const TRIGGERS: Record<string, { description: string; run: Trigger }> = {
  "message.delivered": {
    description: `a sandbox SMS to ${DELIVERED_TO}, delivered within seconds`,
    run: async (sg) => {
      const sent = await sg.sms.send({ to: DELIVERED_TO, body: "signalgate trigger message.delivered" });
      return { messageId: sent.messageId };
    },
  },
  "message.failed": {
    description: `a sandbox SMS to ${FAILS_TO}, which fails with invalid_number`,
    run: async (sg) => {
      const sent = await sg.sms.send({ to: FAILS_TO, body: "signalgate trigger message.failed" });
      return { messageId: sent.messageId };
    },
  },
  "otp.verified": {
    description: `a sandbox OTP to ${OTP_TO}, read back from the sandbox message and verified`,
    run: async (sg) => {
      const otp = await sg.otp.send({ to: OTP_TO });
      // Sandbox messages show their body: the code is the only run of digits of its length.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const st = await sg.sms.status(otp.messageId);
        const code = st.body?.match(/\b\d{4,10}\b/)?.[0];
        if (code) {
          const v = await sg.otp.verify({ to: OTP_TO, code });
          if (!v.valid) throw new Error(`the sandbox code did not verify (${v.status})`);
          return { otpId: otp.otpId, messageId: otp.messageId };
        }
        if (Date.now() > deadline) throw new Error("the sandbox OTP message had no code");
        await new Promise((r) => setTimeout(r, 300));
      }
    },
  },
  "message.received": {
    description: `an inbound SMS from ${INBOUND_FROM} to your first number (the sandbox simulator)`,
    run: async (sg) => {
      const inbound = await sg.sms.simulateInbound({ from: INBOUND_FROM, body: "Hello from signalgate trigger" });
      return { messageId: inbound.messageId };
    },
  },
};

export function registerTrigger(program: Command, globals: () => GlobalOptions): void {
  program
    .command("trigger")
    .description("Cause an event in the sandbox, to see it arrive in `signalgate listen` or at your webhooks")
    .argument("<event>", Object.keys(TRIGGERS).join(" | "))
    .addHelpText(
      "after",
      `\nEvents:\n${Object.entries(TRIGGERS)
        .map(([name, t]) => `  ${name.padEnd(18)} ${t.description}`)
        .join(
          "\n",
        )}\n\nExamples:\n  $ signalgate trigger message.delivered\n  $ signalgate trigger otp.verified --json`,
    )
    .action(async (event: string) => {
      const g = globals();
      const trigger = TRIGGERS[event];
      if (!trigger) throw new UsageError(`Unknown event "${event}". One of: ${Object.keys(TRIGGERS).join(", ")}.`);
      const sg = await apiKeyClient(g);
      const s = spin(!g.json, `Triggering ${event}`);
      const ids = await trigger.run(sg);
      s.stop();
      emit(g, { event, ...ids }, () => {
        console.log(`${pc.green("✔")} Triggered ${pc.bold(event)}: ${Object.values(ids).join(", ")}`);
        console.log(pc.dim("  The event follows within seconds: watch it with `signalgate listen`."));
      });
    });
}
