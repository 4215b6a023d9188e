import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { deleteSenderPool, getSenderPool, updateSenderPool } from "@/server/sender-pools/manage";
import { updateSenderPoolInput } from "@/schemas/sender-pools";

export const GET = apiRoute({ auth: "jwt", allow: "senderPools.read", rateLimit: "webhooks" }, ({ auth, params }) =>
  getSenderPool(getDb(), auth.organizationId, params.id!),
);

export const PATCH = apiRoute(
  { auth: "jwt", allow: "senderPools.manage", rateLimit: "webhooks", body: updateSenderPoolInput },
  ({ auth, params, body, actor }) => updateSenderPool(getDb(), auth.organizationId, params.id!, body, actor),
);

export const DELETE = apiRoute(
  { auth: "jwt", allow: "senderPools.manage", rateLimit: "webhooks" },
  async ({ auth, params, actor }) => {
    await deleteSenderPool(getDb(), auth.organizationId, params.id!, actor);
  },
);
