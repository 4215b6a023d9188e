import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { createSenderPool, listSenderPools } from "@/server/sender-pools/manage";
import { createSenderPoolInput } from "@/schemas/sender-pools";

export const GET = apiRoute({ auth: "jwt", allow: "senderPools.read", rateLimit: "webhooks" }, ({ auth }) =>
  listSenderPools(getDb(), auth.organizationId),
);

export const POST = apiRoute(
  { auth: "jwt", allow: "senderPools.manage", rateLimit: "webhooks", body: createSenderPoolInput, status: 201 },
  ({ auth, body, actor }) => createSenderPool(getDb(), auth.organizationId, body, actor),
);
