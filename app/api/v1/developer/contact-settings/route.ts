import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { getContactSettings, updateContactSettings } from "@/server/contacts/contact-settings";
import { updateContactSettingsInput } from "@/schemas/contact-settings";

export const GET = apiRoute({ auth: "jwt", allow: "contacts.read" }, ({ auth }) =>
  getContactSettings(getDb(), auth.organizationId),
);

export const PATCH = apiRoute(
  { auth: "jwt", allow: "contacts.manage", body: updateContactSettingsInput },
  ({ auth, body, actor }) => updateContactSettings(getDb(), auth.organizationId, body, actor),
);
