import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { unblockPrefix } from "@/server/fraud/blocks";

export const DELETE = apiRoute({ auth: "jwt", allow: "fraudGuard.manage" }, async ({ auth, params, actor }) => {
  await unblockPrefix(getDb(), auth.organizationId, params.prefix!, actor);
});
