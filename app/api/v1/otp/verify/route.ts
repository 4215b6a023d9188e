import { apiRoute } from "@/server/http/api-route";
import { getDb } from "@/server/db/client";
import { senderOfKey } from "@/server/messages/sender";
import { verifyOtp } from "@/server/otp/verify-otp";
import { otpVerifyInput } from "@/schemas/otp";

export const POST = apiRoute(
  { auth: "apiKey", scope: "otp.verify", rateLimit: "otp.verify", body: otpVerifyInput },
  ({ auth, body }) => verifyOtp(getDb(), senderOfKey(auth), body),
);
