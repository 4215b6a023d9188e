import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { apiRoute, jsonResponse } from "@/server/http/api-route";
import { MAX_IMPORT_BYTES, startImport } from "@/server/contacts/imports/start-import";

// The body is CSV, not JSON: read here, under the import's own 10 MiB limit.
export const POST = apiRoute(
  { auth: "apiKey", scope: "contacts.write", rateLimit: "contacts" },
  async ({ auth, req }) => {
    if (!(req.headers.get("content-type") ?? "").toLowerCase().startsWith("text/csv")) {
      throw new AppError("unsupported_media_type", "Send the CSV with Content-Type: text/csv.");
    }
    if (Number(req.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES) {
      throw new AppError("payload_too_large", "The CSV is larger than 10 MiB.");
    }
    const bytes = new Uint8Array(await req.arrayBuffer());
    if (bytes.byteLength > MAX_IMPORT_BYTES) throw new AppError("payload_too_large", "The CSV is larger than 10 MiB.");
    const started = await startImport(getDb(), auth.organizationId, new TextDecoder().decode(bytes));
    return jsonResponse(started, { status: 202 });
  },
);
