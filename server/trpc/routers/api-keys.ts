import { z } from "zod";
import { createApiKey } from "../../api-keys/create-api-key";
import { getApiKeyOrThrow } from "../../api-keys/get-api-key-or-throw";
import { listApiKeys } from "../../api-keys/list-api-keys";
import { regenerateApiKey } from "../../api-keys/regenerate-api-key";
import { toApiKeyView } from "../../api-keys/to-view";
import { deleteApiKey, setApiKeyActive, updateApiKey } from "../../api-keys/update-api-key";
import { createApiKeyInput, updateApiKeyInput } from "@/schemas/api-keys";
import { roleProcedure, router } from "../init";

// The same domain functions as the REST routes (app/api/v1/developer/api-keys), so the dashboard and
// the API cannot drift. Every procedure works on ctx.organizationId only: another organization's key
// id answers NOT_FOUND, exactly like a missing one.
const keyId = z.string().trim().min(1, "A key id is required.");
const byIdInput = z.strictObject({ id: keyId });

export const apiKeysRouter = router({
  list: roleProcedure("apiKeys.read").query(({ ctx }) => listApiKeys(ctx.db, ctx.organizationId)),

  byId: roleProcedure("apiKeys.read")
    .input(byIdInput)
    .query(async ({ ctx, input }) => toApiKeyView(await getApiKeyOrThrow(ctx.db, ctx.organizationId, input.id))),

  /** The only answer (with regenerate) that carries `rawKey`. */
  create: roleProcedure("apiKeys.manage")
    .input(createApiKeyInput)
    .mutation(({ ctx, input }) => createApiKey(ctx.db, ctx.organizationId, input, ctx.actor)),

  // Flat input (id beside the fields) so zod's flattened field errors name the form's fields.
  update: roleProcedure("apiKeys.manage")
    .input(updateApiKeyInput.extend({ id: keyId }))
    .mutation(({ ctx, input: { id, ...patch } }) => updateApiKey(ctx.db, ctx.organizationId, id, patch, ctx.actor)),

  setActive: roleProcedure("apiKeys.manage")
    .input(z.strictObject({ id: keyId, isActive: z.boolean() }))
    .mutation(({ ctx, input }) => setApiKeyActive(ctx.db, ctx.organizationId, input.id, input.isActive, ctx.actor)),

  regenerate: roleProcedure("apiKeys.manage")
    .input(byIdInput)
    .mutation(({ ctx, input }) => regenerateApiKey(ctx.db, ctx.organizationId, input.id, ctx.actor)),

  remove: roleProcedure("apiKeys.manage")
    .input(byIdInput)
    .mutation(async ({ ctx, input }) => {
      await deleteApiKey(ctx.db, ctx.organizationId, input.id, ctx.actor);
      return { id: input.id };
    }),
});
