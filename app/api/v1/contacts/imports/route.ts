import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { apiRoute, jsonResponse } from "@/server/http/api-route";
import { readBoundedBody } from "@/server/http/read-body";
import { MAX_IMPORT_BYTES, startImport } from "@/server/contacts/imports/start-import";
import { importContactsQuery } from "@/schemas/contact-imports";

// The body is CSV, not JSON: read here, under the import's own 10 MiB limit (checked while streaming).
// `?mapping=` (issue 39) is optional: without it the header is read exactly as contract §10 says.
export const POST = apiRoute(
  { auth: "apiKey", scope: "contacts.write", rateLimit: "contacts", query: importContactsQuery, ownBody: true },
  async ({ auth, req, actor, query }) => {
    if (!(req.headers.get("content-type") ?? "").toLowerCase().startsWith("text/csv")) {
      throw new AppError("unsupported_media_type", "Send the CSV with Content-Type: text/csv.");
    }
    const bytes = await readBoundedBody(req, MAX_IMPORT_BYTES, "The CSV is larger than 10 MiB.");
    const started = await startImport(getDb(), auth.organizationId, bytes ?? Buffer.alloc(0), actor, query.mapping);
    return jsonResponse(started, { status: 202 });
  },
);
