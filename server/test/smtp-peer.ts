import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for tests (smtp-server), parsing what it receives with mailparser. Listens on
 * the first free port of 3650-3699 (this project's range), with AUTH over plain TCP allowed.
 * `failNext(n)` answers the next n messages with a temporary 451, as a struggling relay would.
 */
export async function startSmtpPeer(credentials = { user: "mailer", pass: "s3cret-pass" }) {
  const received: ParsedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === credentials.user && auth.password === credentials.pass) cb(null, { user: auth.username });
      else cb(new Error("Invalid username or password"));
    },
    onData(stream, _session, cb) {
      if (failures > 0) {
        failures--;
        stream.resume();
        stream.on("end", () => {
          const err = new Error("Try again later") as Error & { responseCode: number };
          err.responseCode = 451;
          cb(err);
        });
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          cb();
        })
        .catch((err: Error) => cb(err));
    },
  });
  let port = 0;
  for (let candidate = 3650 + Math.floor(Math.random() * 50), tries = 0; tries < 50; tries++) {
    const p = 3650 + ((candidate + tries - 3650) % 50);
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.server.once("error", onError);
      server.listen(p, "127.0.0.1", () => {
        server.server.off("error", onError);
        resolve(true);
      });
    });
    if (ok) {
      port = p;
      break;
    }
  }
  if (!port) throw new Error("no free port in 3650-3699 for the SMTP peer");
  return {
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
    received,
    failNext(n: number) {
      failures = n;
    },
    to(address: string): ParsedMail[] {
      return received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((v) => v.address === address));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

/** The token of the first link to `path` in an email's text part. */
export function linkToken(
  mail: ParsedMail,
  path: "/reset-password?token=" | "/verify-email?token=" | "/invite/",
): string {
  const text = mail.text ?? "";
  const at = text.indexOf(path);
  if (at < 0) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(/^[^\s]+/.exec(text.slice(at + path.length))![0]);
}
