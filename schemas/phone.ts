import { z } from "zod";

export const E164 = /^\+[1-9][0-9]{7,14}$/;

/**
 * contract §1: a leading + and 8 to 15 digits. The issue carries the contract code so the REST
 * wrapper answers `invalid_phone_number` instead of the generic `invalid_request`.
 */
export const phoneNumberSchema = z
  .string()
  .refine((v) => E164.test(v), {
    message: "Use E.164 format: a leading + and 8 to 15 digits, e.g. +14155550123.",
    params: { code: "invalid_phone_number" },
  })
  .meta({ example: "+14155550123" });
