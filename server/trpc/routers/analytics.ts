import { getMessageAnalytics } from "../../analytics/message-analytics";
import { getOtpAnalytics } from "../../analytics/otp-analytics";
import { messageAnalyticsInput, otpAnalyticsInput } from "@/schemas/analytics";
import { roleProcedure, router } from "../init";

// The same functions as GET /api/v1/analytics/*: the dashboard picks the environment with a
// toggle (an API key is bound to one). Every member who may read messages may read these, support
// included.
export const analyticsRouter = router({
  messages: roleProcedure("messages.read")
    .input(messageAnalyticsInput)
    .query(({ ctx, input }) => getMessageAnalytics(ctx.db, ctx.organizationId, input.environment, input)),

  otp: roleProcedure("messages.read")
    .input(otpAnalyticsInput)
    .query(({ ctx, input }) => getOtpAnalytics(ctx.db, ctx.organizationId, input.environment, input)),
});
