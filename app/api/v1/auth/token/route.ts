import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { issueTokens } from "@/server/auth/issue-tokens";
import { tokenInput } from "@/schemas/auth";

export const POST = apiRoute({ auth: "none", body: tokenInput }, ({ body, origin }) =>
  issueTokens(getDb(), body, origin),
);
