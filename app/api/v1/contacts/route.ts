import { getDb } from "@/server/db/client";
import { apiRoute, jsonResponse } from "@/server/http/api-route";
import { createContact } from "@/server/contacts/create-contact";
import { listContacts } from "@/server/contacts/list-contacts";
import { createContactInput, listContactsQuery } from "@/schemas/contacts";

// contract §10: newest first, an array of contacts, the next page's cursor in X-Next-Cursor.
export const GET = apiRoute(
  { auth: "apiKey", scope: "contacts.read", rateLimit: "contacts", query: listContactsQuery },
  async ({ auth, query }) => {
    const page = await listContacts(getDb(), auth.organizationId, query);
    return jsonResponse(page.items, { headers: page.nextCursor ? { "x-next-cursor": page.nextCursor } : {} });
  },
);

export const POST = apiRoute(
  { auth: "apiKey", scope: "contacts.write", rateLimit: "contacts", body: createContactInput, status: 201 },
  ({ auth, body, actor }) => createContact(getDb(), auth.organizationId, body, undefined, actor),
);
