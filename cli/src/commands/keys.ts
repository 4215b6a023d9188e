import type { Command } from "commander";
import pc from "picocolors";
import { managementClient, type GlobalOptions } from "../clients.js";
import { emit, table, UsageError } from "../output.js";

export function registerKeys(program: Command, globals: () => GlobalOptions): void {
  const keys = program
    .command("keys")
    .description("API keys of your organization")
    .addHelpText(
      "after",
      "\nExamples:\n  $ signalgate keys list\n  $ signalgate keys create --name ci --live\n  $ signalgate keys disable key_…",
    );

  keys
    .command("list")
    .description("List the organization's API keys (secrets are never shown again)")
    .addHelpText("after", "\nExamples:\n  $ signalgate keys list\n  $ signalgate keys list --json")
    .action(async () => {
      const g = globals();
      const list = await managementClient(g).apiKeys.list();
      emit(g, list, () => {
        if (list.length === 0)
          return console.log("No API keys yet. Create one with `signalgate keys create --name NAME`.");
        console.log(
          table([
            ["ID", "NAME", "ENV", "PREFIX", "ACTIVE", "LAST USED"].map((h) => pc.dim(h)),
            ...list.map((k) => [
              k.id,
              k.name,
              k.environment,
              k.keyPrefix,
              k.isActive ? pc.green("yes") : pc.red("no"),
              k.lastUsedAt ?? "never",
            ]),
          ]),
        );
      });
    });

  keys
    .command("create")
    .description("Create an API key; its secret is shown once")
    .requiredOption("--name <name>", "a name to recognise it by")
    .option("--live", "a production key (sg_live_…) instead of a sandbox one")
    .option("--permissions <list>", "comma-separated permissions (default: all)")
    .option("--expires-in <days>", "expiry such as 90d")
    .addHelpText(
      "after",
      "\nExamples:\n  $ signalgate keys create --name backend\n  $ signalgate keys create --name sender --live --permissions sms.send,sms.read",
    )
    .action(async (opts: { name: string; live?: boolean; permissions?: string; expiresIn?: string }) => {
      const g = globals();
      const created = await managementClient(g).apiKeys.create({
        name: opts.name,
        environment: opts.live ? "live" : "test",
        ...(opts.permissions ? { permissions: opts.permissions.split(",").map((p) => p.trim()) as never } : {}),
        ...(opts.expiresIn ? { expiresIn: opts.expiresIn } : {}),
      });
      emit(g, created, () => {
        console.log(`${pc.green("✔")} Created ${pc.bold(created.id)} (${created.environment})`);
        console.log(`\n  ${pc.bold(created.rawKey)}\n`);
        console.log(pc.yellow("  Copy it now: it is not shown again."));
      });
    });

  keys
    .command("disable")
    .description("Disable an API key (requests with it answer 401 key_disabled at once)")
    .addHelpText("after", "\nExample:\n  $ signalgate keys disable key_0Q3fJ7a2Xc9vB1nM4kLp8sTz")
    .argument("<id>", "the key's id (key_…)")
    .action(async (id: string) => {
      const g = globals();
      if (!id.startsWith("key_")) throw new UsageError(`"${id}" is not a key id (key_…).`);
      const key = await managementClient(g).apiKeys.disable(id);
      emit(g, key, () => console.log(`${pc.green("✔")} Disabled ${pc.bold(key.id)} (${key.name})`));
    });
}
