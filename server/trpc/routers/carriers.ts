import { getProviderStatus } from "../../carriers/provider-status";
import { orgProcedure, router } from "../init";

// Read-only: every member (support included) may see whether live traffic has somewhere to go.
export const carriersRouter = router({
  status: orgProcedure.query(() => getProviderStatus()),
});
