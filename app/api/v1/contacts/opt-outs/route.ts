import { getDb } from "@/server/db/client";
import { apiRoute, jsonResponse } from "@/server/http/api-route";
import { addOptOut } from "@/server/contacts/opt-outs/add-opt-out";
import { listOptOuts } from "@/server/contacts/opt-outs/list-opt-outs";
import { createOptOutInput, listOptOutsQuery } from "@/schemas/opt-outs";

// contract §10: in phone order, the next page's cursor in X-Next-Cursor.
export const GET = apiRoute(
  { auth: "apiKey", scope: "contacts.read", rateLimit: "contacts", query: listOptOutsQuery },
  async ({ auth, query }) => {
    const page = await listOptOuts(getDb(), auth.organizationId, query);
    return jsonResponse(page.items, { headers: page.nextCursor ? { "x-next-cursor": page.nextCursor } : {} });
  },
);

export const POST = apiRoute(
  { auth: "apiKey", scope: "contacts.write", rateLimit: "contacts", body: createOptOutInput, status: 201 },
  ({ auth, body, actor }) => addOptOut(getDb(), auth.organizationId, body, "api", undefined, actor),
);
