import { z } from "zod";

/** One live provider as this server process sees it (read-only, for the Overview). */
export const providerStateView = z.object({
  provider: z.enum(["smpp", "twilio"]),
  /** smpp: bound, connecting, reconnecting, stopped; twilio: ready, failing. */
  status: z.string(),
  lastError: z.string().nullable(),
  since: z.date(),
});

export const providerStatusView = z.object({
  /** Live (sg_live_) sends are accepted only when at least one provider is configured. */
  liveConfigured: z.boolean(),
  /** In SMS_PROVIDER order: the first takes messages, the next ones take what it cannot. */
  providers: z.array(providerStateView),
  /** Whether this process runs the pipeline (holds the connections); otherwise states read "stopped". */
  pipelineHere: z.boolean(),
});

export type ProviderStateView = z.infer<typeof providerStateView>;
export type ProviderStatusView = z.infer<typeof providerStatusView>;
