import { getEnv } from "../env";
import { ipSubjectKey, subject, takeAttempt, type ThrottleOptions } from "../auth/login-throttle";

/** The window of the per-IP limit on reset requests; the limit itself is PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR. */
export const RESET_IP_WINDOW_SECONDS = 3600;

/**
 * Per client IP (an IPv6 /64 as one), every reset request counts, whatever the address asked
 * for: the limit stops one client from spraying reset emails over many addresses (the per-address
 * limit of 3 an hour cannot), and since known and unknown addresses cost the same, a 429 says
 * nothing about which addresses have accounts. The counter is the brute-force limits' table
 * (server/auth/login-throttle.ts), so every instance counts together. An unknown IP (no trusted
 * proxy, see clientIp) is not limited rather than lumping every caller together.
 */
export async function takePasswordResetRequest(ip: string | null, options?: ThrottleOptions): Promise<void> {
  if (!ip) return;
  await takeAttempt(
    [subject("reset-ip", ipSubjectKey(ip))],
    [getEnv().PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR],
    RESET_IP_WINDOW_SECONDS,
    options,
    "Too many password reset requests from this network.",
  );
}
