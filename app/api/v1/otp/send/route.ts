import { apiRoute } from "@/server/http/api-route";
import { getDb } from "@/server/db/client";
import { senderOfKey } from "@/server/messages/sender";
import { sendOtp } from "@/server/otp/send-otp";
import { fraudOtpGuard } from "@/server/fraud/otp-guard";
import { otpSendInput } from "@/schemas/otp";

export const POST = apiRoute(
  { auth: "apiKey", scope: "otp.send", rateLimit: "otp.send", body: otpSendInput, idempotent: true, status: 202 },
  ({ auth, body, recordResponse }) =>
    sendOtp(getDb(), senderOfKey(auth), body, { record: recordResponse, guard: fraudOtpGuard }),
);
