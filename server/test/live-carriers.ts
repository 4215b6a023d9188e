import { resetEnvForTests } from "../env";
import { liveCarriers, resetLiveCarriersForTests, setInboundHandler, type LiveCarriers } from "../carriers/live";
import { smppInboundHandler } from "../inbound/smpp-handler";

const KEYS = [
  "SMS_PROVIDER",
  "SMPP_URL",
  "SMPP_SYSTEM_ID",
  "SMPP_PASSWORD",
  "SMPP_SYSTEM_TYPE",
  "SMPP_WINDOW_SIZE",
  "SMPP_MAX_MPS",
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_API_BASE_URL",
  "TWILIO_MAX_MPS",
  "PUBLIC_BASE_URL",
] as const;

/**
 * Configure this process's live carriers as the env module would read them (SMS_PROVIDER and the
 * provider settings), build them and connect them. Returns a function that stops them and puts the
 * environment back: test files share worker processes.
 */
export async function useLiveCarriers(
  vars: Partial<Record<(typeof KEYS)[number], string>>,
): Promise<{ live: LiveCarriers; restore: () => Promise<void> }> {
  const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, vars);
  resetEnvForTests();
  resetLiveCarriersForTests();
  // As register-node.ts does at start-up: mobile-originated messages go to the inbound domain.
  setInboundHandler(smppInboundHandler);
  const live = liveCarriers();
  if (!live) throw new Error("SMS_PROVIDER configured no carrier");
  await live.start();
  return {
    live,
    restore: async () => {
      await live.stop();
      for (const k of KEYS) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
      resetEnvForTests();
      resetLiveCarriersForTests();
    },
  };
}
