import { getEnv } from "../../env";
import { retentionPolicyOf } from "../../retention/policy";
import { retentionPolicyView } from "@/schemas/retention";
import { orgProcedure, router } from "../init";

// Read-only configuration: every member (support included) may know how long data is kept.
export const retentionRouter = router({
  policy: orgProcedure.query(() => {
    const env = getEnv();
    return retentionPolicyView.parse({ enabled: env.RETENTION === "on", ...retentionPolicyOf(env) });
  }),
});
