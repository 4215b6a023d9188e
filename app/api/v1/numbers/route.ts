import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { listOrganizationNumbers } from "@/server/numbers/numbers";

export const GET = apiRoute({ auth: "apiKey", scope: "sms.read" }, ({ auth }) =>
  listOrganizationNumbers(getDb(), auth.organizationId),
);
