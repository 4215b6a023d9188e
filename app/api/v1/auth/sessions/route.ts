import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { listSessions } from "@/server/accounts/sessions";

export const GET = apiRoute({ auth: "jwt", allowUnenrolled: true }, ({ auth }) =>
  listSessions(getDb(), auth.userId, { familyId: auth.sessionId }),
);
