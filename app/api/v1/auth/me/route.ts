import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { getMe } from "@/server/accounts/me";

export const GET = apiRoute({ auth: "jwt", allowUnenrolled: true }, ({ auth }) => getMe(getDb(), auth));
