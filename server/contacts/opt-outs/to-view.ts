import { optOutSchema, type OptOutView } from "@/schemas/opt-outs";
import type { ContactOptOut } from "../../db/generated/client";

export function toOptOutView(row: ContactOptOut): OptOutView {
  return optOutSchema.parse({ phone: row.phone, optedOutAt: row.optedOutAt.toISOString(), source: row.source });
}
