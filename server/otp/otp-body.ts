/** The text of an OTP message (contract §5). */
export function otpBody(orgName: string, code: string, expiresInSeconds: number): string {
  const minutes = Math.max(1, Math.round(expiresInSeconds / 60));
  return `Your ${orgName} verification code is ${code}. It expires in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * Where `otpBody` put the code: the digits after the last "verification code is " (the organization's
 * name comes first and may contain anything). Also matches a list row's cut-off beginning, so no
 * digit of a code shows there either.
 */
export const OTP_CODE_IN_BODY = /(verification code is )\d+(?!.*verification code is )/s;
