import { getEnv, type Env } from "../env";
import { logger } from "../logger";
import { ReceiptBatcher } from "../messages/carrier-receipts/record";
import { FailoverCarrier } from "./failover";
import { SmppCarrier } from "./smpp/smpp-carrier";
import { TwilioCarrier } from "./twilio/twilio-carrier";
import type { SmppMo } from "./smpp/types";
import type { Carrier, CarrierState } from "./types";

/**
 * What becomes of a mobile-originated SMPP message: given at start-up (register-node.ts hands the
 * inbound domain's functions in), so carriers know nothing of inbound storage.
 */
export interface InboundHandler {
  /** Store the message (or part); the SMSC gets its resp only once this resolves. */
  receive(mo: SmppMo): Promise<void>;
  /** The resp was written to the SMSC. */
  acknowledged(mo: SmppMo): void;
}

/** Where Twilio posts status callbacks (app/api/v1/carriers/twilio/status). */
export const TWILIO_CALLBACK_PATH = "/api/v1/carriers/twilio/status";

export interface LiveCarriers {
  /** What the pipeline hands live messages to: the providers in SMS_PROVIDER order, with failover. */
  carrier: Carrier;
  providers: readonly Carrier[];
  /** Connect what keeps a connection (the SMPP session); resolves after the first attempt. */
  start(): Promise<void>;
  stop(): Promise<void>;
  describe(): CarrierState[];
}

/** The providers SMS_PROVIDER names, built from their settings; null when none is configured. */
export function buildLiveCarriers(
  env: Env,
  receipts = new ReceiptBatcher(),
  inbound: () => InboundHandler | undefined = () => holder.__signalgateInboundHandler,
): LiveCarriers | null {
  if (env.SMS_PROVIDER.length === 0) return null;
  const log = {
    info: (message: string, fields?: Record<string, unknown>) => logger.info(message, fields),
    warn: (message: string, fields?: Record<string, unknown>) => logger.warn(message, fields),
  };
  const providers = env.SMS_PROVIDER.map((name): Carrier => {
    if (name === "smpp") {
      return new SmppCarrier({
        url: env.SMPP_URL!,
        systemId: env.SMPP_SYSTEM_ID!,
        password: env.SMPP_PASSWORD!,
        systemType: env.SMPP_SYSTEM_TYPE,
        windowSize: env.SMPP_WINDOW_SIZE,
        pace: { ceiling: env.SMPP_MAX_MPS },
        onReceipt: (r) => receipts.add({ provider: "smpp", ...r }),
        // Without a handler (never in a started server) the MO is refused and the SMSC redelivers it.
        onInbound: (mo) => {
          const handler = inbound();
          if (!handler) throw new Error("no inbound handler was given at start-up");
          return handler.receive(mo);
        },
        onInboundAcknowledged: (mo) => inbound()?.acknowledged(mo),
        log,
      });
    }
    return new TwilioCarrier({
      accountSid: env.TWILIO_ACCOUNT_SID!,
      authToken: env.TWILIO_AUTH_TOKEN!,
      baseUrl: env.TWILIO_API_BASE_URL,
      statusCallbackUrl: `${env.PUBLIC_BASE_URL!}${TWILIO_CALLBACK_PATH}`,
      pace: { ceiling: env.TWILIO_MAX_MPS },
    });
  });
  const sessions = providers.filter((p): p is SmppCarrier => p instanceof SmppCarrier);
  const carrier = new FailoverCarrier(providers);
  return {
    carrier,
    providers,
    start: async () => {
      await Promise.all(sessions.map((s) => s.start()));
    },
    stop: async () => {
      await Promise.all(sessions.map((s) => s.stop()));
    },
    describe: () => carrier.describe(),
  };
}

const holder = globalThis as typeof globalThis & {
  __signalgateLiveCarriers?: LiveCarriers | null;
  __signalgateInboundHandler?: InboundHandler;
};

/** This process's live carriers (built on first use, not connected until `startLiveCarriers`). */
export function liveCarriers(): LiveCarriers | null {
  if (holder.__signalgateLiveCarriers === undefined) holder.__signalgateLiveCarriers = buildLiveCarriers(getEnv());
  return holder.__signalgateLiveCarriers;
}

/**
 * instrumentation.ts: bind the SMPP session (the process that runs the pipeline sends and takes
 * receipts). Connecting goes on in the background, so an unreachable SMSC never delays start-up;
 * until it binds, hand-offs answer "retry" (or fail over).
 */
export function startLiveCarriers(options: { inbound: InboundHandler }): string[] {
  setInboundHandler(options.inbound);
  const live = liveCarriers();
  if (!live) return [];
  void live.start();
  return live.providers.map((p) => p.name);
}

export async function stopLiveCarriers(): Promise<void> {
  await holder.__signalgateLiveCarriers?.stop();
}

/** Where SMPP mobile-originated messages go: startLiveCarriers sets it, and tests that bind a session. */
export function setInboundHandler(handler: InboundHandler): void {
  holder.__signalgateInboundHandler = handler;
}

/** Tests swap configurations; production code never calls this. */
export function resetLiveCarriersForTests(): void {
  holder.__signalgateLiveCarriers = undefined;
}
