import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "../errors";

// Both sides hashed first: equal lengths for timingSafeEqual, and the comparison time says nothing
// about the token's length.
const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * `Authorization: Bearer <token>` against a token from the configuration (the operator's routes,
 * /metrics). While the token is not configured the route does not exist (404), so an unconfigured
 * deployment reveals nothing.
 */
export function requireConfiguredToken(req: Request, expected: string | undefined, name: string): void {
  if (!expected) throw new AppError("not_found", "No such endpoint.");
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer ([^\s]+)$/.exec(header);
  if (!match) throw new AppError("unauthenticated", `Send Authorization: Bearer <${name}>.`);
  if (!timingSafeEqual(digest(match[1]!), digest(expected))) {
    throw new AppError("unauthenticated", `The ${name} is not valid.`);
  }
}
