import { listOtpCodes } from "../../otp/list-otp-codes";
import { listOtpCodesInput } from "@/schemas/message-views";
import { roleProcedure, router } from "../init";

// OTP activity for the dashboard: statuses and attempts, never a code (only its hash is stored,
// and the list does not even read that column).
export const otpRouter = router({
  list: roleProcedure("messages.read")
    .input(listOtpCodesInput)
    .query(({ ctx, input }) => listOtpCodes(ctx.db, ctx.organizationId, input)),
});
