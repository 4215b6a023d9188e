import type { DbOrTx } from "../db/client";
import { toApiKeyView } from "./to-view";

/** Newest first. At most 100 keys exist per organization, so the whole list is one page. */
export async function listApiKeys(db: DbOrTx, organizationId: string) {
  const rows = await db.apiKey.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toApiKeyView);
}
