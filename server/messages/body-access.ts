import { can, type Role } from "@/schemas/roles";
import { OTP_CODE_IN_BODY } from "../otp/otp-body";

/** What of a message's body the viewer's role may see (contract §3; issue 39 for OTP codes). */
export interface BodyAccess {
  /** Live bodies: personal data. Sandbox bodies are test data, shown to everyone who reads messages. */
  canReadLiveBody: boolean;
  /** The code in an OTP message, sandbox ones included: support sees it masked. */
  canReadOtpCodes: boolean;
}

export function bodyAccessFor(role: Role): BodyAccess {
  return { canReadLiveBody: can(role, "messages.readLiveBody"), canReadOtpCodes: can(role, "messages.readOtpCodes") };
}

/** The body (or its beginning) as the viewer may see it: an OTP message's code masked without the right. */
export function shownOtpBody(body: string, otpId: string | null, canReadOtpCodes: boolean): string {
  return otpId && !canReadOtpCodes ? body.replace(OTP_CODE_IN_BODY, "$1••••••") : body;
}
