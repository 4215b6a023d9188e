import { AppError } from "../errors";
import { liveCarriers } from "./live";
import { sandboxCarrier } from "./sandbox";
import type { Carrier } from "./types";

/**
 * The carrier for an environment: the sandbox for `test`; for `live` the providers SMS_PROVIDER
 * configures (with failover in order), and none when it is unset.
 */
export function carrierFor(environment: "live" | "test"): Carrier | null {
  return environment === "test" ? sandboxCarrier : (liveCarriers()?.carrier ?? null);
}

/** Refuse before anything is written when no carrier could ever take the message. */
export function assertCarrierAvailable(environment: "live" | "test"): void {
  if (!carrierFor(environment)) {
    throw new AppError(
      "provider_not_configured",
      "No SMS provider is configured for production (sg_live_) messages; nothing was sent or charged. Use a sg_test_ key for the sandbox, or set SMS_PROVIDER.",
    );
  }
}
