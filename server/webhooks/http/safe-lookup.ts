import dns from "node:dns";
import type { LookupFunction } from "node:net";
import { forbiddenAddressReason, literalHostAddress } from "./address-policy";

export const ADDRESS_FORBIDDEN = "ERR_WEBHOOK_ADDRESS_FORBIDDEN";

function forbiddenError(host: string, address: string, reason: string): NodeJS.ErrnoException {
  const subject = host === address ? `${address} is` : `${host} resolves to ${address},`;
  const error: NodeJS.ErrnoException = new Error(
    `${subject} ${reason}; webhooks are only delivered to public internet addresses`,
  );
  error.code = ADDRESS_FORBIDDEN;
  return error;
}

/**
 * A `dns.lookup` replacement for `http.request({ lookup })`. The check runs on the very answer
 * the socket then connects to, so a name that passes an earlier check and is re-pointed at an
 * internal address afterwards (DNS rebinding) is still refused. One forbidden address among the
 * answers refuses the whole name: Node may try any of them (happy eyeballs).
 */
export function safeLookup(options: { allowPrivate: boolean }): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const first = addresses[0];
      if (!first) {
        const empty: NodeJS.ErrnoException = new Error(`${hostname} did not resolve to any address`);
        empty.code = "ENOTFOUND";
        return callback(empty, []);
      }
      if (!options.allowPrivate) {
        for (const { address } of addresses) {
          const reason = forbiddenAddressReason(address);
          if (reason !== null) return callback(forbiddenError(hostname, address, reason), []);
        }
      }
      if (lookupOptions.all) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Node connects to an IP-literal host without calling `lookup`, so such hosts are judged here,
 * before any request is made. Returns the error to fail with, or null.
 */
export function literalHostError(hostname: string, options: { allowPrivate: boolean }): NodeJS.ErrnoException | null {
  if (options.allowPrivate) return null;
  const address = literalHostAddress(hostname);
  if (address === null) return null;
  const reason = forbiddenAddressReason(address);
  return reason === null ? null : forbiddenError(address, address, reason);
}

/**
 * Save-time courtesy check: the sentence explaining why `hostname` currently resolves to a
 * forbidden address, or null (also when it does not resolve: it may be set up later, and every
 * delivery checks again anyway).
 */
export function forbiddenResolution(hostname: string): Promise<string | null> {
  return new Promise((resolve) => {
    safeLookup({ allowPrivate: false })(hostname, { all: true }, (err) => {
      resolve(err?.code === ADDRESS_FORBIDDEN ? err.message : null);
    });
  });
}
