import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { AppError } from "@/server/errors";
import { decodePathParam } from "@/server/http/decode-param";
import { removeOptOut } from "@/server/contacts/opt-outs/remove-opt-out";
import { validatePhoneNumber } from "@/schemas/phone";

export const DELETE = apiRoute(
  { auth: "apiKey", scope: "contacts.write", rateLimit: "contacts" },
  async ({ auth, params, actor }) => {
    const phone = decodePathParam(params.phone);
    const valid = validatePhoneNumber(phone);
    if (!valid.ok) throw new AppError("invalid_phone_number", valid.message);
    await removeOptOut(getDb(), auth.organizationId, valid.e164, "api", undefined, actor);
  },
);
