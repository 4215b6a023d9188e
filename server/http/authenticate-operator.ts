import { getEnv } from "../env";
import { requireConfiguredToken } from "./configured-token";

export interface OperatorAuth {
  kind: "operator";
}

/** The operator's routes (contract §10): `Authorization: Bearer <OPERATOR_TOKEN>`; 404 while it is unset. */
export function authenticateOperator(req: Request): OperatorAuth {
  requireConfiguredToken(req, getEnv().OPERATOR_TOKEN, "operator token");
  return { kind: "operator" };
}
