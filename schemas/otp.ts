import { z } from "zod";
import { phoneNumberSchema } from "./phone";

export const otpSendInput = z
  .strictObject({
    to: phoneNumberSchema,
    length: z.number().int().min(4).max(10).default(6),
    expiresIn: z.number().int().min(60).max(3600).default(300).meta({ description: "Seconds the code stays valid." }),
  })
  .meta({ id: "OtpSendRequest" });

export const otpVerifyInput = z
  .strictObject({
    to: phoneNumberSchema,
    code: z.string().regex(/^[0-9]{4,10}$/, "The code is 4 to 10 digits."),
  })
  .meta({ id: "OtpVerifyRequest" });
