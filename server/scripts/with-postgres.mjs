#!/usr/bin/env node
// Usage: node server/scripts/with-postgres.mjs <command> [args...]
//
// Runs the command with TEST_DATABASE_URL pointing at a fresh, empty PostgreSQL database, then
// removes it. Where the server comes from, in order:
//   1. TEST_DATABASE_URL or DATABASE_URL is set: a new database sg_test_<random> on that server.
//   2. PostgreSQL server binaries are installed (/usr/lib/postgresql/<v>/bin): a temporary cluster
//      in os.tmpdir() on 127.0.0.1 and a free port, deleted afterwards.
//   3. Neither: the command runs without TEST_DATABASE_URL (the postgres test project is skipped),
//      unless REQUIRE_POSTGRES=1, which makes this an error (CI).
// Only TEST_DATABASE_URL is set for the command: DATABASE_URL is left alone, so anything else the
// command starts (the e2e server) keeps its own database.
// Exits with the command's exit code; cleans up on failure and on SIGINT/SIGTERM too.

import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const log = (msg) => console.error(`[with-postgres] ${msg}`);

const command = process.argv.slice(2);
if (command.length === 0) {
  log("usage: node server/scripts/with-postgres.mjs <command> [args...]");
  process.exit(2);
}

/** Cleanup steps, run once, newest first. */
const cleanups = [];
let cleanedUp = false;
async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch (err) {
      log(`cleanup: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

let child;
let interruptedBy;
let interruptions = 0;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    interruptedBy ??= signal;
    interruptions++;
    // First signal: pass it on (or, before the command started, skip it) and clean up when the
    // command ends. A second signal stops waiting.
    if (interruptions === 1) {
      if (child && child.exitCode === null) child.kill(signal);
      return;
    }
    void cleanup().finally(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
  });
}

function databaseUrlFor(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

async function admin(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates sg_test_<random> on the server and registers its removal. Returns its URL. */
async function createDatabase(serverUrl) {
  const name = `sg_test_${randomBytes(6).toString("hex")}`;
  // Bytewise collation, as in the cluster this script makes itself: ids start with their creation
  // time in base62, so they sort in creation order only when compared byte by byte.
  await admin(serverUrl, `CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  cleanups.push(() => admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  return databaseUrlFor(serverUrl, name);
}

/** bin directory of the highest installed PostgreSQL version, or undefined. */
function findPostgresBin() {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? path.join(base, versions[0], "bin") : undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, run its tools as the `postgres` user. */
function postgresUser() {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  const uid = id("-u");
  const gid = id("-g");
  if (!Number.isInteger(uid) || uid <= 0) {
    throw new Error("running as root but there is no `postgres` user to run the PostgreSQL server as");
  }
  return { uid, gid };
}

function run(bin, args, { user, cwd }) {
  const [file, argv] = user ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const result = spawnSync(file, argv, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  }
}

/** Starts a throwaway cluster and returns a URL of its `postgres` database. */
async function startCluster(binDir) {
  const user = postgresUser();
  const root = mkdtempSync(path.join(os.tmpdir(), "signalgate-pg-"));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const dataDir = path.join(root, "data");
  mkdirSync(dataDir, { mode: 0o700 });
  if (user) {
    chownSync(root, user.uid, user.gid);
    chownSync(dataDir, user.uid, user.gid);
  }
  // The postgres user may not be allowed into our working directory; run its tools from root.
  const opts = { user, cwd: root };
  run(
    path.join(binDir, "initdb"),
    ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync"],
    opts,
  );

  const port = await freePort();
  const serverOptions = [
    "-c listen_addresses=127.0.0.1",
    `-c port=${port}`,
    `-c unix_socket_directories=${root}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  const logFile = path.join(root, "server.log");
  const pgCtl = path.join(binDir, "pg_ctl");
  try {
    run(pgCtl, ["-D", dataDir, "-l", logFile, "-o", serverOptions, "-w", "-t", "60", "start"], opts);
  } catch (err) {
    const serverLog = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${serverLog}`);
  }
  cleanups.push(() => run(pgCtl, ["-D", dataDir, "-m", "fast", "-w", "stop"], opts));
  // The chaos run stops and starts this cluster (a database outage under load, issue 25).
  process.env.TEST_POSTGRES_CONTROL = JSON.stringify({
    pgCtl,
    dataDir,
    logFile,
    serverOptions,
    cwd: root,
    runAsPostgres: Boolean(user),
  });
  log(`started PostgreSQL (${path.basename(path.dirname(binDir))}) on 127.0.0.1:${port}`);
  return `postgresql://postgres@127.0.0.1:${port}/postgres`;
}

async function prepare() {
  const existing = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (existing) {
    const url = await createDatabase(existing);
    log(
      `using a fresh database on the server of ${process.env.TEST_DATABASE_URL ? "TEST_DATABASE_URL" : "DATABASE_URL"}`,
    );
    return url;
  }
  const binDir = findPostgresBin();
  if (binDir) return createDatabase(await startCluster(binDir));
  if (process.env.REQUIRE_POSTGRES === "1") {
    throw new Error(
      "REQUIRE_POSTGRES=1 but no PostgreSQL is available: set TEST_DATABASE_URL or install the server (apt-get install postgresql)",
    );
  }
  log("WARNING: no PostgreSQL server found (no TEST_DATABASE_URL/DATABASE_URL, no /usr/lib/postgresql/*/bin/initdb);");
  log("WARNING: running without TEST_DATABASE_URL, so PostgreSQL tests are skipped");
  return undefined;
}

function runCommand(testDatabaseUrl) {
  const env = { ...process.env };
  if (testDatabaseUrl) env.TEST_DATABASE_URL = testDatabaseUrl;
  return new Promise((resolve) => {
    child = spawn(command[0], command.slice(1), { stdio: "inherit", env });
    child.on("error", (err) => {
      log(`could not start ${command[0]}: ${err.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => resolve(code ?? 128 + (os.constants.signals[signal] ?? 1)));
  });
}

let exitCode = 1;
try {
  const testDatabaseUrl = await prepare();
  exitCode = interruptedBy ? 128 + (os.constants.signals[interruptedBy] ?? 1) : await runCommand(testDatabaseUrl);
} catch (err) {
  log(err instanceof Error ? err.message : String(err));
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
