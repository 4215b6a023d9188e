import { getEnv } from "../env";
import { AppError } from "../errors";
import { checkWebhookUrl, literalHostAddress } from "./http/address-policy";
import { forbiddenResolution } from "./http/safe-lookup";

/**
 * Save-time check of a webhook URL (contract §6): scheme, credentials, literal and well-known
 * private hosts, and the addresses the name resolves to now. Delivery checks again on the address
 * it actually connects to, so a name that later resolves elsewhere is still refused. A name that
 * does not resolve yet is accepted (the endpoint may not exist yet).
 */
export async function assertWebhookUrlAllowed(url: string): Promise<string> {
  const env = getEnv();
  const allowPrivate = env.WEBHOOK_ALLOW_PRIVATE_URLS;
  const checked = checkWebhookUrl(url, { allowPrivate, production: env.NODE_ENV === "production" });
  const refuse = (message: string) => new AppError("url_not_allowed", message, { details: [{ path: "url", message }] });
  if (!checked.ok) throw refuse(checked.reason);
  const host = checked.url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && !literalHostAddress(host)) {
    const reason = await forbiddenResolution(host);
    if (reason) throw refuse(reason);
  }
  return checked.url.toString();
}
