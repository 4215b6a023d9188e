import { apiRoute } from "@/server/http/api-route";
import { notImplemented } from "@/server/http/not-implemented";
import { otpSendInput } from "@/schemas/otp";

export const POST = apiRoute(
  { auth: "apiKey", scope: "otp.send", rateLimit: "otp.send", body: otpSendInput },
  async () => notImplemented("Sending OTP codes"),
);
