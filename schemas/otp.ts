import { z } from "zod";
import { phoneNumberSchema } from "./phone";
import { timestampSchema } from "./common";

export const otpSendInput = z
  .strictObject({
    to: phoneNumberSchema,
    length: z.number().int().min(4).max(10).default(6).meta({ description: "Digits in the code." }),
    expiresIn: z.number().int().min(60).max(3600).default(300).meta({ description: "Seconds the code stays valid." }),
  })
  .meta({ id: "OtpSendRequest" });

export const otpVerifyInput = z
  .strictObject({
    to: phoneNumberSchema,
    code: z.string().regex(/^[0-9]{4,10}$/, "The code is 4 to 10 digits."),
  })
  .meta({ id: "OtpVerifyRequest" });

/** contract §5: 202 of `POST /otp/send`. The code itself is never returned. */
export const otpSendResponse = z
  .object({
    otpId: z.string().meta({ example: "otp_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    to: z.string(),
    status: z.literal("PENDING"),
    expiresAt: timestampSchema,
    messageId: z.string().meta({ description: "The SMS that carries the code." }),
  })
  .meta({ id: "OtpSent" });
export type OtpSendResponse = z.infer<typeof otpSendResponse>;

export const OTP_FAILED_STATUSES = ["PENDING", "EXPIRED", "MAX_ATTEMPTS", "NOT_FOUND"] as const;

/** contract §5: 200 of `POST /otp/verify`, also when the code is wrong. */
export const otpVerifyResponse = z
  .discriminatedUnion("valid", [
    z.object({ valid: z.literal(true), status: z.literal("APPROVED") }),
    z.object({
      valid: z.literal(false),
      status: z.enum(OTP_FAILED_STATUSES),
      attemptsRemaining: z.number().int().meta({ description: "Wrong attempts left before MAX_ATTEMPTS." }),
    }),
  ])
  .meta({ id: "OtpVerification" });
export type OtpVerifyResponse = z.infer<typeof otpVerifyResponse>;
