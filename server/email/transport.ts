import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "../env";
import { logger } from "../logger";

export interface OutgoingEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one email or throws; the outbox decides about retries. */
export type EmailTransport = (email: OutgoingEmail) => Promise<void>;

let cached: { url: string; transporter: Transporter } | undefined;

function smtp(url: string): Transporter {
  if (cached?.url !== url) {
    cached?.transporter.close();
    // Short timeouts: a hung server must not hold the job's lease; the attempt is simply retried.
    cached = {
      url,
      transporter: nodemailer.createTransport(url, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } as never),
    };
  }
  return cached.transporter;
}

/**
 * SMTP when SMTP_URL is set; otherwise the server log (and /dev/mail, which reads the outbox), so
 * the embedded default works end to end without a mail server.
 */
export function currentTransport(): EmailTransport {
  const env = getEnv();
  const url = env.SMTP_URL;
  if (!url) {
    return async (email) => {
      logger.info("email (no SMTP_URL: logged, not sent)", {
        emailId: email.id,
        to: email.to,
        subject: email.subject,
        text: email.text,
      });
    };
  }
  return async (email) => {
    await smtp(url).sendMail({
      from: env.EMAIL_FROM,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      // The outbox id: a receiving system can drop the duplicate of an at-least-once retry.
      messageId: `<${email.id}@signalgate>`,
    });
  };
}

export function closeEmailTransport(): void {
  cached?.transporter.close();
  cached = undefined;
}
