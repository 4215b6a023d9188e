import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { getContactView } from "@/server/contacts/get-contact-or-throw";
import { updateContact } from "@/server/contacts/update-contact";
import { deleteContact } from "@/server/contacts/delete-contact";
import { updateContactInput } from "@/schemas/contacts";

export const GET = apiRoute({ auth: "apiKey", scope: "contacts.read", rateLimit: "contacts" }, ({ auth, params }) =>
  getContactView(getDb(), auth.organizationId, params.id!),
);

export const PATCH = apiRoute(
  { auth: "apiKey", scope: "contacts.write", rateLimit: "contacts", body: updateContactInput },
  ({ auth, params, body, actor }) => updateContact(getDb(), auth.organizationId, params.id!, body, undefined, actor),
);

export const DELETE = apiRoute(
  { auth: "apiKey", scope: "contacts.write", rateLimit: "contacts" },
  async ({ auth, params, actor }) => {
    await deleteContact(getDb(), auth.organizationId, params.id!, actor);
  },
);
