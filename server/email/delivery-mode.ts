import type { EmailDelivery } from "@/schemas/accounts";
import { getEnv, type Env } from "../env";

/** /dev/mail: on by default outside production, off in production; DEV_MAIL forces it. */
export function devMailEnabled(env: Env = getEnv()): boolean {
  return env.DEV_MAIL ? env.DEV_MAIL === "on" : env.NODE_ENV !== "production";
}

/**
 * Where this server's emails go (contract §14), so the dashboard says so plainly instead of "we
 * sent a link" when nothing was sent: through SMTP, only to the log and /dev/mail, or only to the log.
 */
export function emailDelivery(env: Env = getEnv()): EmailDelivery {
  if (env.SMTP_URL) return "smtp";
  return devMailEnabled(env) ? "devMail" : "logOnly";
}
