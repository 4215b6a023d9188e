import { z } from "zod";
import { phoneNumberSchema } from "./phone";
import { listCursorSchema, timestampSchema } from "./common";

/** contract §10: where an opt-out came from. */
export const OPT_OUT_SOURCES = ["keyword", "api", "dashboard", "import"] as const;
export const optOutSourceSchema = z.enum(OPT_OUT_SOURCES);
export type OptOutSource = z.infer<typeof optOutSourceSchema>;

export const optOutSchema = z
  .object({
    phone: z.string().meta({ example: "+14155550123" }),
    optedOutAt: timestampSchema,
    source: optOutSourceSchema,
  })
  .meta({ id: "OptOut" });
export type OptOutView = z.infer<typeof optOutSchema>;

export const createOptOutInput = z.strictObject({ phone: phoneNumberSchema });
export type CreateOptOutInput = z.input<typeof createOptOutInput>;

export const OPT_OUT_PAGE_SIZE = 50;
export const listOptOutsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(OPT_OUT_PAGE_SIZE),
  cursor: listCursorSchema.optional(),
});
export type OptOutFilters = z.output<typeof listOptOutsQuery>;

/** The payload of `contact.opted_out` and `contact.opted_in` (contract §10). */
export interface OptOutEventPayload {
  phone: string;
  source: OptOutSource;
  at: string;
}

/** The dashboard's opt-out row: the REST object plus the word a keyword opt-out replied. */
export const recentOptOutSchema = optOutSchema.extend({
  keyword: z.string().nullable().meta({ description: "Source `keyword`: the word replied (STOP, UNSUBSCRIBE, …)." }),
});
export type RecentOptOutView = z.infer<typeof recentOptOutSchema>;
