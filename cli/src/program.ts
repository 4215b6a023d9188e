import { Command, Option } from "commander";
import type { GlobalOptions } from "./clients.js";
import { registerAuth } from "./commands/auth.js";
import { registerEvents } from "./commands/events.js";
import { registerLogs } from "./commands/logs.js";
import { registerKeys } from "./commands/keys.js";
import { registerListen } from "./commands/listen.js";
import { registerOtp } from "./commands/otp.js";
import { registerSms } from "./commands/sms.js";
import { registerTrigger } from "./commands/trigger.js";

export const VERSION = "0.1.0";

/** The command tree. Usage errors are thrown (exitOverride), so index.ts decides the exit code. */
export function buildProgram(): Command {
  const program = new Command("signalgate");
  const globals = (): GlobalOptions => program.opts<GlobalOptions>();
  program
    .description("SignalGate from your terminal: send SMS and OTPs, tail messages live, forward webhooks to localhost")
    .version(VERSION, "-v, --version")
    .addOption(new Option("--json", "print JSON (one object per line for streams) for scripts").default(false))
    .addOption(new Option("--base-url <url>", "the API's address").env("SIGNALGATE_BASE_URL"))
    .addOption(
      new Option("--api-key <key>", "use this API key instead of the one saved at login").env("SIGNALGATE_API_KEY"),
    )
    .showSuggestionAfterError()
    .enablePositionalOptions(false)
    .exitOverride()
    .addHelpText(
      "after",
      `
Exit codes: 0 ok, 1 the API answered with an error (its code is printed), 2 usage.

Examples:
  $ signalgate login
  $ signalgate sms send --to +14155550123 --body "Hello from the terminal"
  $ signalgate listen --forward-to localhost:4000/hooks
  $ signalgate trigger message.delivered
  $ signalgate sms tail --status FAILED`,
    );
  registerAuth(program, globals);
  registerKeys(program, globals);
  registerSms(program, globals);
  registerOtp(program, globals);
  registerListen(program, globals);
  registerTrigger(program, globals);
  registerEvents(program, globals);
  registerLogs(program, globals);
  // Subcommands report usage errors through the same override.
  const override = (cmd: Command) => {
    cmd.exitOverride();
    cmd.commands.forEach(override);
  };
  override(program);
  return program;
}
