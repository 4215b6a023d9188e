import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { getImportOrThrow } from "@/server/contacts/imports/get-import";

export const GET = apiRoute({ auth: "apiKey", scope: "contacts.read", rateLimit: "contacts" }, ({ auth, params }) =>
  getImportOrThrow(getDb(), auth.organizationId, params.id!),
);
