import { lookup } from "node:dns/promises";
import { getEnv } from "../env";
import { AppError } from "../errors";
import { checkWebhookUrl, forbiddenAddressReason, literalHostAddress } from "./http/address-policy";

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
  if (!checked.ok) {
    throw new AppError("url_not_allowed", checked.reason, { details: [{ path: "url", message: checked.reason }] });
  }
  const host = checked.url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && !literalHostAddress(host)) {
    const addresses = await lookup(host, { all: true }).catch(() => []);
    for (const { address } of addresses) {
      const reason = forbiddenAddressReason(address);
      if (reason) {
        const message = `${host} resolves to ${address}, ${reason}: webhooks cannot be sent there.`;
        throw new AppError("url_not_allowed", message, { details: [{ path: "url", message }] });
      }
    }
  }
  return checked.url.toString();
}
