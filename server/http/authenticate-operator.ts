import { createHash, timingSafeEqual } from "node:crypto";
import { getEnv } from "../env";
import { AppError } from "../errors";

export interface OperatorAuth {
  kind: "operator";
}

// Both sides hashed first: equal lengths for timingSafeEqual, and the comparison time says nothing
// about the token's length.
const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * The operator's routes (contract §10): `Authorization: Bearer <OPERATOR_TOKEN>`. While the token is
 * not configured the routes do not exist (404), so an unconfigured deployment reveals nothing.
 */
export function authenticateOperator(req: Request): OperatorAuth {
  const expected = getEnv().OPERATOR_TOKEN;
  if (!expected) throw new AppError("not_found", "No such endpoint.");
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer ([^\s]+)$/.exec(header);
  if (!match) throw new AppError("unauthenticated", "Send Authorization: Bearer <operator token>.");
  if (!timingSafeEqual(digest(match[1]!), digest(expected))) {
    throw new AppError("unauthenticated", "The operator token is not valid.");
  }
  return { kind: "operator" };
}
