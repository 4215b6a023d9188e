import { apiRoute } from "@/server/http/api-route";
import { notImplemented } from "@/server/http/not-implemented";
import { otpVerifyInput } from "@/schemas/otp";

export const POST = apiRoute(
  { auth: "apiKey", scope: "otp.verify", rateLimit: "otp.verify", body: otpVerifyInput },
  async () => notImplemented("Verifying OTP codes"),
);
