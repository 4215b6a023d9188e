import { z } from "zod";
import { createContact } from "../../contacts/create-contact";
import { deleteContact } from "../../contacts/delete-contact";
import { listContacts } from "../../contacts/list-contacts";
import { getContactView } from "../../contacts/get-contact-or-throw";
import { getContactSettings, updateContactSettings } from "../../contacts/contact-settings";
import { updateContactSettingsInput } from "@/schemas/contact-settings";
import { listContactTags } from "../../contacts/list-contact-tags";
import { updateContact } from "../../contacts/update-contact";
import { getImportOrThrow } from "../../contacts/imports/get-import";
import { MAX_IMPORT_BYTES, startImport } from "../../contacts/imports/start-import";
import { addOptOut } from "../../contacts/opt-outs/add-opt-out";
import { describeNumber } from "../../numbers/describe-number";
import { listRecentOptOuts } from "../../contacts/opt-outs/list-recent-opt-outs";
import { removeOptOut } from "../../contacts/opt-outs/remove-opt-out";
import { listNumbersWithQueues } from "../../numbers/number-queues";
import { createContactInput, listContactsQuery, updateContactInput } from "@/schemas/contacts";
import { importMappingSchema } from "@/schemas/contact-imports";
import { createOptOutInput, listOptOutsQuery } from "@/schemas/opt-outs";
import { phoneNumberSchema } from "@/schemas/phone";
import { roleProcedure, router } from "../init";

const idInput = z.strictObject({ id: z.string().min(1).max(64) });
// tRPC's infinite queries add `direction` to their input.
const direction = z.enum(["forward", "backward"]).optional();
// The dashboard's list filters: the REST query's schema, with a real boolean for the opt-out filter.
const listInput = listContactsQuery.extend({ optedOut: z.boolean().optional(), direction });
const optOutsInput = listOptOutsQuery.extend({ direction });

// The same domain functions as /api/v1/contacts, /contacts/opt-outs, /contacts/imports and
// /numbers (contract §10): owner, admin and developer manage, support reads.
export const contactsRouter = router({
  list: roleProcedure("contacts.read")
    .input(listInput)
    .query(({ ctx, input }) => listContacts(ctx.db, ctx.organizationId, input)),

  /** The contact page: another organization's id answers NOT_FOUND, like a missing one. */
  byId: roleProcedure("contacts.read")
    .input(idInput)
    .query(({ ctx, input }) => getContactView(ctx.db, ctx.organizationId, input.id)),

  /** The organization's default country for local numbers (as GET/PATCH /developer/contact-settings). */
  settings: roleProcedure("contacts.read").query(({ ctx }) => getContactSettings(ctx.db, ctx.organizationId)),

  updateSettings: roleProcedure("contacts.manage")
    .input(updateContactSettingsInput)
    .mutation(({ ctx, input }) => updateContactSettings(ctx.db, ctx.organizationId, input, ctx.actor)),

  /** The tag picker: tags beginning with `prefix`, any case, with their contact counts. */
  tags: roleProcedure("contacts.read")
    .input(z.strictObject({ prefix: z.string().trim().max(50).optional() }))
    .query(({ ctx, input }) => listContactTags(ctx.db, ctx.organizationId, input)),

  create: roleProcedure("contacts.manage")
    .input(createContactInput)
    .mutation(({ ctx, input }) => createContact(ctx.db, ctx.organizationId, input, undefined, ctx.actor)),

  update: roleProcedure("contacts.manage")
    .input(z.strictObject({ id: idInput.shape.id, patch: updateContactInput }))
    .mutation(({ ctx, input }) =>
      updateContact(ctx.db, ctx.organizationId, input.id, input.patch, undefined, ctx.actor),
    ),

  delete: roleProcedure("contacts.manage")
    .input(idInput)
    .mutation(({ ctx, input }) => deleteContact(ctx.db, ctx.organizationId, input.id, ctx.actor)),

  /** The CSV's text, as the REST route takes its body; the job runs in the background. */
  startImport: roleProcedure("contacts.manage")
    .input(
      z.strictObject({
        csv: z.string().min(1).max(MAX_IMPORT_BYTES, "At most 10 MiB."),
        mapping: importMappingSchema.optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      startImport(ctx.db, ctx.organizationId, Buffer.from(input.csv, "utf8"), ctx.actor, input.mapping),
    ),

  import: roleProcedure("contacts.read")
    .input(idInput)
    .query(({ ctx, input }) => getImportOrThrow(ctx.db, ctx.organizationId, input.id)),

  optOuts: roleProcedure("contacts.read")
    .input(optOutsInput)
    // Newest first, with the word replied: what the Opt-outs page shows (REST keeps phone order).
    .query(({ ctx, input }) => listRecentOptOuts(ctx.db, ctx.organizationId, input)),

  addOptOut: roleProcedure("contacts.manage")
    .input(createOptOutInput)
    .mutation(({ ctx, input }) => addOptOut(ctx.db, ctx.organizationId, input, "dashboard", undefined, ctx.actor)),

  removeOptOut: roleProcedure("contacts.manage")
    .input(z.strictObject({ phone: phoneNumberSchema }))
    .mutation(({ ctx, input }) =>
      removeOptOut(ctx.db, ctx.organizationId, input.phone, "dashboard", undefined, ctx.actor),
    ),

  /** With each number's kind, country and paced queue (contract §15), as `GET /api/v1/numbers` plus the kind. */
  numbers: roleProcedure("contacts.read").query(async ({ ctx }) =>
    (await listNumbersWithQueues(null, ctx.organizationId)).map((n) => ({ ...describeNumber(n), queue: n.queue })),
  ),
});
