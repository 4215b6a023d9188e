import { AppError } from "../errors";
import { sandboxCarrier } from "./sandbox";
import type { Carrier } from "./types";

/**
 * The carrier for an environment: the sandbox for `test`; for `live` the configured provider,
 * and none until one is configured (real providers are their own release).
 */
export function carrierFor(environment: "live" | "test"): Carrier | null {
  return environment === "test" ? sandboxCarrier : null;
}

/** Refuse before anything is written when no carrier could ever take the message. */
export function assertCarrierAvailable(environment: "live" | "test"): void {
  if (!carrierFor(environment)) {
    throw new AppError(
      "provider_not_configured",
      "No SMS provider is configured for production (sg_live_) messages; nothing was sent or charged. Use a sg_test_ key for the sandbox.",
    );
  }
}
