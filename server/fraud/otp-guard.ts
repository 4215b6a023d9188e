import { AppError } from "../errors";
import { countryOf } from "../billing/country-of";
import type { OtpSendGuard } from "../otp/send-otp";
import { prefixOf } from "@/schemas/fraud-guard";
import { decideOtpSend, fraudLockKey } from "./decide-otp-send";
import { metrics } from "../metrics/registry";

/** The fraud guard as the OTP send's guard (contract §12): refuses sends to a blocked prefix with 403. */
export const fraudOtpGuard: OtpSendGuard = {
  lockKey: fraudLockKey,
  async decide(tx, input) {
    const decision = await decideOtpSend(tx, input);
    if (decision.newBlockId) metrics().fraudBlocks.inc({ kind: "block_created" });
    if (!decision.refusedUntil) return null;
    metrics().fraudBlocks.inc({ kind: "send_refused" });
    // A country-wide block (issue 38) is unblocked by the country, a prefix block by the prefix.
    const country = decision.refusedScope === "country" ? countryOf(input.to) : null;
    const key = country ?? prefixOf(input.to);
    const where = country ? `numbers in ${country}` : `numbers starting ${key}`;
    const why = country ? "across its prefixes" : "there";
    return new AppError(
      "suspected_fraud",
      `OTP sends to ${where} are blocked until ${decision.refusedUntil}: too many codes were sent ${why} ` +
        `and too few verified (suspected SMS pumping). Nothing was sent or billed. See the Fraud guard page, ` +
        `or unblock it with DELETE /api/v1/developer/fraud-guard/blocks/${encodeURIComponent(key)}.`,
    );
  },
};
