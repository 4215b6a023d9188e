import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { exportContactsCsv } from "@/server/contacts/export-contacts";

// Streamed: each page of contacts is written as it is read.
export const GET = apiRoute({ auth: "apiKey", scope: "contacts.read" }, ({ auth }) => {
  const rows = exportContactsCsv(getDb(), auth.organizationId);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  return Promise.resolve(
    new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="contacts.csv"',
      },
    }),
  );
});
