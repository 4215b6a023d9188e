import type { Command } from "commander";
import pc from "picocolors";
import { apiKeyClient, type GlobalOptions } from "../clients.js";
import { emit, statusColor } from "../output.js";

export function registerOtp(program: Command, globals: () => GlobalOptions): void {
  const otp = program
    .command("otp")
    .description("One-time passcodes")
    .addHelpText(
      "after",
      "\nExamples:\n  $ signalgate otp send --to +14155550123\n  $ signalgate otp verify --to +14155550123 --code 123456",
    );

  otp
    .command("send")
    .description("Send a code by SMS (sandbox unless --live)")
    .addHelpText(
      "after",
      "\nExamples:\n  $ signalgate otp send --to +14155550123\n  $ signalgate otp send --to +14155550123 --length 8 --expires-in 600",
    )
    .requiredOption("--to <phone>", "recipient, E.164")
    .option("--length <n>", "digits, 4 to 10", (v) => Number(v))
    .option("--expires-in <seconds>", "60 to 3600", (v) => Number(v))
    .option("--live", "send for real with a production key")
    .action(async (opts: { to: string; length?: number; expiresIn?: number; live?: boolean }) => {
      const g = globals();
      const sent = await (
        await apiKeyClient(g, { live: opts.live })
      ).otp.send({
        to: opts.to,
        ...(opts.length ? { length: opts.length } : {}),
        ...(opts.expiresIn ? { expiresIn: opts.expiresIn } : {}),
      });
      emit(g, sent, () => {
        console.log(
          `${pc.green("✔")} ${pc.bold(sent.otpId)} ${statusColor(sent.status)} → ${sent.to}, expires ${sent.expiresAt}`,
        );
        console.log(pc.dim(`  In the sandbox the code is in the message: signalgate sms status ${sent.messageId}`));
      });
    });

  otp
    .command("verify")
    .description("Check a code")
    .addHelpText("after", "\nExample:\n  $ signalgate otp verify --to +14155550123 --code 123456")
    .requiredOption("--to <phone>", "the number the code was sent to")
    .requiredOption("--code <code>", "the code")
    .option("--live", "with a production key")
    .action(async (opts: { to: string; code: string; live?: boolean }) => {
      const g = globals();
      const result = await (await apiKeyClient(g, { live: opts.live })).otp.verify({ to: opts.to, code: opts.code });
      emit(g, result, () => {
        if (result.valid) console.log(`${pc.green("✔")} Valid (${statusColor(result.status)})`);
        else
          console.log(
            `${pc.red("✘")} Not valid: ${statusColor(result.status)}${"attemptsRemaining" in result ? `, ${String(result.attemptsRemaining)} attempts left` : ""}`,
          );
      });
    });
}
