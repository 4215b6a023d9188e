#!/usr/bin/env node
import { CommanderError } from "commander";
import { buildProgram } from "./program.js";
import { EXIT_OK, EXIT_USAGE, fail } from "./output.js";

// A reader that goes away (`signalgate sms tail --json | head`) ends the command quietly, as Unix tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(EXIT_OK);
    throw err;
  });
}

const program = buildProgram();
try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // --help and --version end through here too, with exit code 0; anything else is usage.
    process.exitCode = err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
  } else {
    process.exitCode = fail({ json: Boolean(program.opts().json) }, err);
  }
}
