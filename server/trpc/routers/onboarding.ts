import { dismissOnboarding, getOnboarding } from "../../orgs/onboarding";
import { orgProcedure, router } from "../init";

// Every member has their own checklist on the Overview, support included: nothing here changes the organization.
export const onboardingRouter = router({
  status: orgProcedure.query(({ ctx }) => getOnboarding(ctx.db, ctx.organizationId, ctx.userId)),
  dismiss: orgProcedure.mutation(({ ctx }) => dismissOnboarding(ctx.db, ctx.organizationId, ctx.userId)),
});
