import os from "node:os";
import type { Command } from "commander";
import pc from "picocolors";
import { SignalGate, SignalGateError } from "signalgate";
import { baseUrlOf, managementClient, tokenClaims, type GlobalOptions } from "../clients.js";
import { readConfig, writeConfig, configPath } from "../config.js";
import { emit, UsageError } from "../output.js";
import { ask, askSecret, interactive, readStdin, spin } from "../prompt.js";

type Globals = () => GlobalOptions;

interface LoginOptions {
  email?: string;
  passwordStdin?: boolean;
  totp?: string;
  organization?: string;
}

/**
 * What `--totp` or the prompt was given, as the field /auth/token takes it: 6 digits are the
 * authenticator's code (`totpCode`), anything else a recovery code (`recoveryCode`, `xxxxx-xxxxx`).
 */
export function secondFactor(code: string | undefined): { totpCode?: string; recoveryCode?: string } {
  const typed = code?.trim();
  if (!typed) return {};
  return /^\d{6}$/.test(typed.replace(/\s/g, "")) ? { totpCode: typed.replace(/\s/g, "") } : { recoveryCode: typed };
}

/** Sign in; on 401 `mfa_required` (two-factor, contract §12) ask for the code and sign in again with it. */
export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
  opts: LoginOptions,
): Promise<SignalGate> {
  let totpCode = opts.totp;
  for (;;) {
    let tokens: { accessToken: string; refreshToken: string } | undefined;
    const sg = new SignalGate({
      baseUrl,
      email,
      password,
      organizationId: opts.organization,
      ...secondFactor(totpCode),
      maxRetries: 0,
      onTokens: (pair) => (tokens = pair),
    });
    try {
      // Any management call signs in first; reading events is open to every role.
      await sg.events.list({ limit: 1 }).firstPage();
      if (!tokens) throw new Error("sign-in returned no tokens");
      return sg;
    } catch (err) {
      if (err instanceof SignalGateError && err.code === "mfa_required" && !totpCode) {
        if (!interactive()) throw new UsageError("This account uses two-factor sign-in: pass --totp CODE.");
        totpCode = await ask("Two-factor code (or a recovery code)", "--totp", { placeholder: "123456" });
        continue;
      }
      throw err;
    }
  }
}

export function registerAuth(program: Command, globals: Globals): void {
  program
    .command("login")
    .description("Sign in with your email and password; the session is kept in your config directory (mode 0600)")
    .option("--email <email>", "your account's email")
    .option("--password-stdin", "read the password from standard input (for scripts)")
    .option("--totp <code>", "the current two-factor code, or a recovery code, if your account uses two-factor")
    .option("--organization <id>", "the organization to sign in to, if you belong to several")
    .addHelpText(
      "after",
      `
Examples:
  $ signalgate login
  $ signalgate login --base-url https://api.example.com
  $ printf '%s' "$PASSWORD" | signalgate login --email you@example.com --password-stdin`,
    )
    .action(async (opts: LoginOptions) => {
      const g = globals();
      const previous = readConfig();
      const baseUrl = baseUrlOf(g, previous);
      const email = opts.email ?? (await ask("Email", "--email", { placeholder: "you@example.com" }));
      const password = opts.passwordStdin
        ? await readStdin()
        : (process.env.SIGNALGATE_PASSWORD ?? (await askSecret("Password", "--password-stdin")));
      const s = spin(!g.json, "Signing in");
      let sg: SignalGate;
      try {
        sg = await signIn(baseUrl, email, password, opts);
      } finally {
        s.stop();
      }
      const { accessToken, refreshToken } = sg.auth.current;
      const claims = tokenClaims(accessToken);
      // The CLI sends SMS and OTPs, and listens, with a sandbox key of its own, made once per login.
      let testKey = previous.organizationId === claims.org ? previous.testKey : undefined;
      if (testKey) await sg.apiKeys.delete(testKey.id).catch(() => {});
      testKey = undefined;
      try {
        const created = await sg.apiKeys.create({ name: `signalgate-cli (${os.hostname()})`, environment: "test" });
        testKey = { id: created.id, rawKey: created.rawKey };
      } catch (err) {
        if (!(err instanceof SignalGateError && err.status === 403)) throw err;
      }
      const current = sg.auth.current;
      writeConfig({
        baseUrl,
        email,
        organizationId: claims.org,
        refreshToken: current.refreshToken ?? refreshToken,
        accessToken: current.accessToken ?? accessToken,
        testKey,
      });
      const result = {
        email,
        userId: claims.sub,
        organizationId: claims.org,
        role: claims.role,
        baseUrl,
        sandboxKey: testKey?.id ?? null,
      };
      emit(g, result, () => {
        console.log(
          `${pc.green("✔")} Logged in as ${pc.bold(email)} (${claims.role}) in ${pc.bold(claims.org ?? "?")}`,
        );
        if (testKey) console.log(`  A sandbox key (${testKey.id}) is saved for sms, otp, trigger and listen.`);
        else console.log(`  Your role cannot create API keys: pass --api-key for sms and otp.`);
        console.log(pc.dim(`  Session kept in ${configPath()}`));
      });
    });

  program
    .command("logout")
    .description("End the session: revoke it on the server, delete the keys the CLI made, forget everything")
    .addHelpText("after", "\nExample:\n  $ signalgate logout")
    .action(async () => {
      const g = globals();
      const config = readConfig();
      if (!config.refreshToken) {
        emit(g, { loggedOut: false, reason: "not logged in" }, () => console.log("Not logged in."));
        return;
      }
      const sg = managementClient(g);
      for (const key of [config.testKey, config.liveKey]) if (key) await sg.apiKeys.delete(key.id).catch(() => {});
      await sg.auth.logout().catch(() => {});
      writeConfig({ baseUrl: config.baseUrl });
      emit(g, { loggedOut: true }, () => console.log(`${pc.green("✔")} Logged out.`));
    });

  program
    .command("whoami")
    .description("Who the saved session is: email, organization and role")
    .addHelpText("after", "\nExamples:\n  $ signalgate whoami\n  $ signalgate whoami --json")
    .action(async () => {
      const g = globals();
      const sg = managementClient(g);
      // One call proves the session is still valid (and refreshes the access token if needed).
      await sg.events.list({ limit: 1 }).firstPage();
      const claims = tokenClaims(sg.auth.current.accessToken);
      const config = readConfig();
      const result = {
        email: config.email,
        userId: claims.sub,
        organizationId: claims.org,
        role: claims.role,
        baseUrl: baseUrlOf(g, config),
      };
      emit(g, result, () => {
        console.log(`${pc.bold(result.email ?? "?")}  ${pc.dim(result.userId ?? "")}`);
        console.log(`organization  ${result.organizationId}`);
        console.log(`role          ${result.role}`);
        console.log(`server        ${result.baseUrl}`);
      });
    });
}
