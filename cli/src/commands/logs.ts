import type { Command } from "commander";
import pc from "picocolors";
import { managementClient, type GlobalOptions } from "../clients.js";
import { emitLine, time, UsageError } from "../output.js";

const POLL_MS = 2_000;
const REMEMBERED = 2_000;

function statusColor(status: number): string {
  const s = String(status);
  return status >= 500 ? pc.red(s) : status >= 400 ? pc.yellow(s) : pc.green(s);
}

export function registerLogs(program: Command, globals: () => GlobalOptions): void {
  const logs = program.command("logs").description("The request log: every API request of your organization");
  logs
    .command("tail")
    .description("New requests as they are logged, like `stripe logs tail` (Ctrl-C to stop)")
    .option("--status <status>", "only this status (404) or class (4xx, 5xx)")
    .option("--path <prefix>", "only paths starting with this (/api/v1/sms)")
    .option("--error-code <code>", "only this error code (invalid_phone_number)")
    .addHelpText("after", "\nExamples:\n  $ signalgate logs tail\n  $ signalgate logs tail --status 4xx --json")
    .action(async (opts: { status?: string; path?: string; errorCode?: string }) => {
      const g = globals();
      if (opts.status && !/^[1-5]([0-9]{2}|xx)$/.test(opts.status)) {
        throw new UsageError("--status takes a status (404) or a class (4xx).");
      }
      const sg = managementClient(g);
      const filters = { status: opts.status, path: opts.path, errorCode: opts.errorCode, limit: 100 };
      // Entries are written within a second of their answer, not always in id order: remember what
      // was shown rather than only the newest id.
      const seen = new Set<string>();
      const remember = (id: string) => {
        seen.add(id);
        if (seen.size > REMEMBERED) seen.delete(seen.values().next().value!);
      };
      for (const e of (await sg.requestLogs.list(filters).firstPage()).items) remember(e.id);
      if (!g.json)
        console.error(pc.dim(`Tailing the request log${opts.status ? ` (${opts.status})` : ""} (Ctrl-C to stop)`));
      let stopped = false;
      process.once("SIGINT", () => (stopped = true));
      while (!stopped) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        const fresh = (await sg.requestLogs.list(filters).firstPage()).items.filter((e) => !seen.has(e.id)).reverse();
        for (const e of fresh) {
          remember(e.id);
          if (g.json) emitLine(e);
          else
            console.log(
              `${pc.dim(time(new Date(e.createdAt)))}  ${statusColor(e.status)}  ${e.method.padEnd(6)} ${e.path}  ${pc.dim(`${e.durationMs} ms`)}  ${e.id}${e.errorCode ? `  ${pc.red(e.errorCode)}` : ""}`,
            );
        }
      }
    });
}
