import { listApiKeys } from "../../api-keys/list-api-keys";
import { roleProcedure, router } from "../init";

// Read-only for now: the dashboard lists the organization's keys (created through the REST API).
// Create, regenerate, enable/disable and delete belong here next, as roleProcedure("apiKeys.manage")
// mutations calling the functions in server/api-keys/.
export const apiKeysRouter = router({
  list: roleProcedure("apiKeys.read").query(({ ctx }) => listApiKeys(ctx.db, ctx.organizationId)),
});
