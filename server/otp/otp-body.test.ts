import { describe, expect, it } from "vitest";
import { shownOtpBody } from "../messages/body-access";
import { otpBody } from "./otp-body";

describe("an OTP message's code, for roles that may not read it", () => {
  it("is masked in the whole body and in a list row's cut-off beginning; other messages are untouched", () => {
    const body = otpBody("Acme 2024", "482913", 300);
    expect(body).toBe("Your Acme 2024 verification code is 482913. It expires in 5 minutes.");
    const masked = shownOtpBody(body, "otp_1", false);
    expect(masked).toBe("Your Acme 2024 verification code is ••••••. It expires in 5 minutes.");
    expect(shownOtpBody(body, "otp_1", true)).toBe(body);
    // A row's first characters may end inside the code: none of its digits shows.
    expect(shownOtpBody(body.slice(0, 38), "otp_1", false)).toBe("Your Acme 2024 verification code is ••••••");
    // Not an OTP message: shown as it is.
    expect(shownOtpBody("Your code is 1234", null, false)).toBe("Your code is 1234");
  });

  it("masks the code, not what an organization's name imitates", () => {
    const body = otpBody("verification code is 1111.", "2468", 60);
    expect(shownOtpBody(body, "otp_1", false)).toBe(
      "Your verification code is 1111. verification code is ••••••. It expires in 1 minute.",
    );
  });
});
