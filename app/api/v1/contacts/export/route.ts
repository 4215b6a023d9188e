import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { exportContactsCsv } from "@/server/contacts/export-contacts";
import { csvResponse } from "@/server/contacts/csv-response";

// Streamed: each page of contacts is written as it is read.
export const GET = apiRoute({ auth: "apiKey", scope: "contacts.read", rateLimit: "contacts" }, ({ auth }) =>
  Promise.resolve(csvResponse(exportContactsCsv(getDb(), auth.organizationId), "contacts.csv")),
);
